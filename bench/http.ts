/**
 * Measures `users.getInfo` over HTTP on one server: through the compact codec vs plain JSON, with
 * autocannon, to show what the codec costs the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CODEC_COMPACT, encode, parseCodecKey } from '../core/codec.ts';
import { API_PATH } from '../core/protocol/index.ts';
import { createServer, loadConfig } from '../server/index.ts';

/** One load run's figures. */
export interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function load(url: string, name: string, body: string | Buffer, seconds: number) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body,
    connections: 10,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: requests failed`);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  } satisfies LoadFigures;
}

/** Starts a server on a fresh embedded database, signs up a user and loads getInfo both ways. */
export async function benchHttp(seconds = 10) {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-bench-'));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'off',
    // The API alone: the demo market's traders would share the server's one core and database.
    DEMO_MARKET: 'off',
    // The load comes from one IP by design; the per-IP API limit would turn it into 429s.
    API_RATE_LIMIT: '0',
  });
  const app = await createServer(config);
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}${API_PATH}`;
    const token = await signUpOver(url, 'bench');
    const request = { method: 'users.getInfo', token, subId: '' };
    const key = parseCodecKey(config.codecKey);
    const json = await load(url, 'plain JSON', JSON.stringify(request), seconds);
    const codec = await load(
      url,
      'compact codec (v2)',
      Buffer.from(encode(request, key, CODEC_COMPACT)),
      seconds,
    );
    return { json, codec, ratio: codec.requestsPerSecond / json.requestsPerSecond };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A new account's session token, signed up through the API at `url` (a bench's own account). */
export async function signUpOver(url: string, prefix: string): Promise<string> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({
      method: 'users.signUp',
      token: '',
      subId: '',
      email: `${prefix}-${Date.now()}@example.com`,
      password: `${prefix}-bench-password`,
    }),
  });
  const { token } = (await reply.json()) as { token?: string };
  if (!token) throw new Error('the bench could not sign up');
  return token;
}
