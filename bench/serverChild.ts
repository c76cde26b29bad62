/**
 * `npm start` as a child process, for benches that measure the server as it runs for real: its
 * own process (autocannon and the bench stay out of its event loop), on a free port, with the
 * settings given. Resolves once the server says it is running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../server/http/siteBuild.ts';

/** A running server process. */
export interface ServerChild {
  /** Its address, e.g. http://127.0.0.1:40123. */
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts` in `root` (this repository by default), with
 * `nodeArgs` before the script (`--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServerChild(
  env: Record<string, string>,
  root: string = REPO_ROOT,
  nodeArgs: readonly string[] = [],
): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await running(child);
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/** Resolves once the server prints that it runs; rejects if it exits first. */
function running(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Exchange running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${output}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
