/** Measures the two codec pipelines on a 10 KB JSON body: bytes out and round-trip time. */
import { gzipSync } from 'node:zlib';
import {
  CODEC_COMPACT,
  CODEC_SPEC,
  type CodecVersion,
  DEV_CODEC_KEY,
  decode,
  encode,
  parseCodecKey,
} from '../core/codec.ts';
import { median } from './median.ts';

/** A realistic 10 KB API reply: a wallet list with sparklines, grown until it is 10 KB. */
export function sampleBody(bytes = 10 * 1024): unknown {
  const tickers = ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX', 'USDT'];
  const wallets: unknown[] = [];
  const body = { status: true, wallets };
  for (let i = 0; JSON.stringify(body).length < bytes; i++) {
    wallets.push({
      id: i + 1,
      ticker: tickers[i % tickers.length],
      amount: (i * 0.0137).toFixed(8),
      balance: Math.round(i * 1234.567) / 100,
      chart: Array.from({ length: 12 }, (_, j) => Math.round((100 + i * 7 + j * 1.3) * 100) / 100),
    });
  }
  return body;
}

/** One pipeline's figures. */
export interface CodecFigures {
  name: string;
  bytes: number;
  roundTripMs: number;
}

function measure(name: string, version: CodecVersion, runs: number): CodecFigures {
  const key = parseCodecKey(DEV_CODEC_KEY);
  const body = sampleBody();
  const bytes = encode(body, key, version).length;
  for (let i = 0; i < 50; i++) decode(encode(body, key, version), key);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    decode(encode(body, key, version), key);
    times.push(performance.now() - start);
  }
  return { name, bytes, roundTripMs: median(times) };
}

/** Runs both pipelines; returns the JSON size, the gzip reference and each pipeline's figures. */
export function benchCodec(runs = 1000) {
  const json = JSON.stringify(sampleBody());
  return {
    jsonBytes: Buffer.byteLength(json),
    gzipBytes: gzipSync(json, { level: 9 }).length,
    pipelines: [
      measure('spec (encrypt -> base64 -> deflate), v1', CODEC_SPEC, runs),
      measure('compact (deflate -> encrypt), v2', CODEC_COMPACT, runs),
    ],
  };
}
