/**
 * `npm start` as a child process, for benches that measure the server as it runs for real: its
 * own process (autocannon and the bench stay out of its event loop), on a free port, with the
 * settings given. Resolves once the server says it is running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '../server/http/siteBuild.ts';

/** A running server process. */
export interface ServerChild {
  /** Its address, e.g. http://127.0.0.1:40123. */
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `root`'s `npm start` command (this repository by default) as its package.json says,
 * with `nodeArgs` before the script (`--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServerChild(
  env: Record<string, string>,
  root: string = REPO_ROOT,
  nodeArgs: readonly string[] = [],
): Promise<ServerChild> {
  const port = await freePort();
  const start = startCommand(root);
  const child = spawn(process.execPath, [...start.nodeArgs, ...nodeArgs, ...start.args], {
    cwd: root,
    env: {
      ...process.env,
      ...start.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await running(child);
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/** A `start` script (`NAME=value … node [--flag …] script [arg …]`) taken apart. */
export interface StartCommand {
  env: Record<string, string>;
  nodeArgs: string[];
  args: string[];
}

/** Node's flags that take their value as the next word. */
const FLAGS_WITH_VALUE = ['--import', '--require', '-r', '--loader'];

/**
 * `root`'s `npm start` script, run here without npm and a shell in between, so the process
 * measured is the server's own: its environment settings, Node's flags, then the script.
 */
export function startCommand(root: string): StartCommand {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const words = String(manifest.scripts?.start ?? '')
    .trim()
    .split(/\s+/);
  const env: Record<string, string> = {};
  let word = words.shift();
  for (; word !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(word); word = words.shift()) {
    const at = word.indexOf('=');
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  if (word !== 'node') throw new Error(`npm start does not run node: ${manifest.scripts?.start}`);
  // The script is the first word that is neither a flag nor the value of one (`--import tsx`).
  let script = 0;
  while (script < words.length && words[script]?.startsWith('-')) {
    script += FLAGS_WITH_VALUE.includes(words[script] ?? '') ? 2 : 1;
  }
  return { env, nodeArgs: words.slice(0, script), args: words.slice(script) };
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
