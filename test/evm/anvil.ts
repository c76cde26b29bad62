/**
 * A throw-away local EVM node for tests: Foundry's Anvil, installed from npm as a binary package,
 * on a free port with a fresh chain, as test/postgres.ts starts a PostgreSQL cluster. It mines a
 * block for each transaction it receives, and more when a test asks (`evm_mine`, `anvil_mine`);
 * `evm_snapshot` and `evm_revert` drop blocks the way a re-organisation does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../postgres.ts';

/** Anvil's first three development accounts (public keys): 10,000 ETH each on every fresh chain. */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a825cee2ab4a',
] as const;

/** A running node: its JSON-RPC URL, and how to stop it. */
export interface AnvilNode {
  rpcUrl: string;
  stop(): Promise<void>;
}

/** The binary from the platform package that `@foundry-rs/anvil` installs beside itself. */
function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  return join(dirname(require.resolve(`${platform}/package.json`)), 'bin', 'anvil');
}

/** Starts a node and resolves once it answers JSON-RPC. */
export async function startAnvil(): Promise<AnvilNode> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--port', String(port), '--host', '127.0.0.1', '--silent', '--chain-id', '31337'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A crashed test process must not leave a node running.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`anvil did not answer on ${rpcUrl} within 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    rpcUrl,
    async stop() {
      process.off('exit', kill);
      kill();
      await exited;
    },
  };
}
