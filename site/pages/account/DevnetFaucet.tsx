/** On the built-in devnet, the deposit page's clearly marked button that sends test coins. */
import type { TestCoins } from './useTestCoins.ts';

/** The notice, "Get test …" and what the last request came to. */
export function DevnetFaucet({
  asset,
  faucet,
  onSend,
}: {
  asset: string;
  faucet: TestCoins;
  onSend: () => void;
}) {
  return (
    <div className="devnet-faucet">
      <p>
        <strong>Test network.</strong> This exchange runs on its built-in devnet: coins here are
        test funds with no value anywhere else.
      </p>
      <button type="button" className="button secondary" disabled={faucet.pending} onClick={onSend}>
        {faucet.pending ? 'Sending…' : `Get test ${asset}`}
      </button>
      {faucet.message && <p role="status">{faucet.message}</p>}
    </div>
  );
}
