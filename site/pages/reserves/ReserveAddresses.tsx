/**
 * The exchange's addresses at a snapshot, by network: each with its balances, where they were
 * read, and the signature that shows the address is the exchange's, with a line on how to check
 * that kind of signature.
 */
import { formatAmount, type ReserveAddressEntry } from '../../../core/index.ts';
import { CopyableText } from './CopyableText.tsx';

/** How anyone checks each signing rule, in one line. */
const HOW_TO_CHECK: Record<string, string> = {
  eip191:
    'An EIP-191 personal_sign signature: check it with any Ethereum tool (viem or ethers verifyMessage, Etherscan’s “Verify signature”).',
  tron: 'A TIP-191 signature (“TRON Signed Message”): TronWeb’s verifyMessageV2 recovers the address.',
  bip137:
    'A Bitcoin “Signed Message” (BIP 137), base64: check it in Electrum or Bitcoin Core (verifymessage), or the Litecoin and Dogecoin equivalents.',
  xrp: 'As the Bitcoin “Signed Message” with the magic “XRP Signed Message”: the recovered key’s account id must give the address.',
  ed25519:
    'An Ed25519 signature of the message’s UTF-8 bytes, hex: the address is the public key in base58 (Solana wallets and tweetnacl check it).',
};

/** The networks in first-seen order, each with its addresses. */
function byNetwork(addresses: readonly ReserveAddressEntry[]): [string, ReserveAddressEntry[]][] {
  const groups = new Map<string, ReserveAddressEntry[]>();
  for (const entry of addresses) {
    const group = groups.get(entry.network) ?? [];
    group.push(entry);
    groups.set(entry.network, group);
  }
  return [...groups];
}

/** One address: balances, source, signature and the message it signs. */
function ReserveAddress({ entry }: { entry: ReserveAddressEntry }) {
  const balances = Object.entries(entry.balances);
  return (
    <li className="reserves-address" data-testid="reserve-address">
      <dl>
        <dt>Address</dt>
        <dd>
          <CopyableText value={entry.address} what="address" about={entry.address} />
        </dd>
        <dt>Balance</dt>
        <dd>
          {balances.length === 0
            ? 'Nothing'
            : balances
                .map(([ticker, amount]) => `${formatAmount(amount ?? '0')} ${ticker}`)
                .join(', ')}{' '}
          <span className="muted">(read on {entry.source})</span>
        </dd>
        <dt>Signed message</dt>
        <dd className="reserves-message">{entry.message}</dd>
        <dt>Signature ({entry.scheme})</dt>
        <dd>
          <CopyableText value={entry.signature} what="signature" about={entry.address} />
        </dd>
      </dl>
    </li>
  );
}

/** Every address of the snapshot, grouped by network; says so when none held anything. */
export function ReserveAddresses({ addresses }: { addresses: readonly ReserveAddressEntry[] }) {
  if (addresses.length === 0) {
    return (
      <p className="account-summary">No address of the exchange held anything at this snapshot.</p>
    );
  }
  return byNetwork(addresses).map(([network, entries]) => {
    const schemes = [...new Set(entries.map((entry) => entry.scheme))];
    return (
      <section key={network} className="reserves-network" aria-label={`${network} addresses`}>
        <h3>{network}</h3>
        {schemes.map((scheme) => (
          <p key={scheme} className="field-hint">
            {HOW_TO_CHECK[scheme] ?? `Signed by the ${scheme} rule.`}
          </p>
        ))}
        <ul className="reserves-address-list">
          {entries.map((entry) => (
            <ReserveAddress key={entry.address} entry={entry} />
          ))}
        </ul>
      </section>
    );
  });
}
