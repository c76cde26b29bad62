/**
 * viem, loaded on first use: with its own dependencies about 450 modules, 0.7 CPU-seconds through
 * the TypeScript loader, that only the work on an EVM node needs (its scans and withdrawals, the
 * reserves' balances). A server without one, and every test file that starts a server, never
 * loads it. Its types come through `import type`, which loads nothing.
 */
export interface Viem {
  /** The `viem` entry: clients, transports, ABI and transaction helpers. */
  viem: typeof import('viem');
  /** `viem/accounts`: local accounts that sign with a private key. */
  accounts: typeof import('viem/accounts');
}

let loading: Promise<Viem> | undefined;

/** viem and its accounts module, imported once per process; later calls share the first. */
export function loadViem(): Promise<Viem> {
  loading ??= Promise.all([import('viem'), import('viem/accounts')]).then(([viem, accounts]) => ({
    viem,
    accounts,
  }));
  return loading;
}
