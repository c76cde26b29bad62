import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deflate, deflateSync } from 'fflate';
import {
  CODEC_COMPACT,
  CODEC_SPEC,
  CodecError,
  codecVersionOf,
  DEV_CODEC_KEY,
  decode,
  encode,
  MAX_DECODED_BYTES,
  parseCodecKey,
} from './codec.ts';

const key = parseCodecKey(DEV_CODEC_KEY);
const body = {
  method: 'users.getInfo',
  token: '',
  subId: '',
  items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Coin ${i}`, price: `${i}.5` })),
};

describe('codec', () => {
  for (const version of [CODEC_SPEC, CODEC_COMPACT] as const) {
    it(`round-trips version ${version} and marks it`, () => {
      const bytes = encode(body, key, version);
      assert.equal(codecVersionOf(bytes), version);
      assert.deepEqual(decode(bytes, key), body);
    });
  }

  it('uses a fresh IV each time', () => {
    assert.notDeepEqual(encode(body, key), encode(body, key));
  });

  it('makes the compact body smaller than the JSON and the version 1 body larger', () => {
    const json = JSON.stringify(body).length;
    assert.ok(encode(body, key, CODEC_COMPACT).length < json);
    assert.ok(encode(body, key, CODEC_SPEC).length > json);
  });

  it('recognises plain JSON as not a codec body', () => {
    assert.equal(codecVersionOf(new TextEncoder().encode('{"a":1}')), null);
  });

  it('refuses garbage, a wrong key and truncated bodies with CodecError', () => {
    const other = parseCodecKey('0'.repeat(64));
    const good = encode(body, key);
    assert.throws(() => decode(new Uint8Array([9, 1, 2]), key), CodecError);
    assert.throws(() => decode(new Uint8Array([CODEC_COMPACT, 1, 2, 3]), key), CodecError);
    assert.throws(() => decode(good, other), CodecError);
    assert.throws(() => decode(good.subarray(0, 40), key), CodecError);
    assert.throws(
      () => decode(new Uint8Array([CODEC_SPEC, ...new Uint8Array(64)]), key),
      CodecError,
    );
  });

  it('stops inflating a deflate bomb at the size cap', () => {
    const bomb = deflateSync(new Uint8Array(MAX_DECODED_BYTES + 1024).fill(32));
    const body = new Uint8Array(bomb.length + 1);
    body[0] = CODEC_SPEC;
    body.set(bomb, 1);
    assert.throws(() => decode(body, key), /too large/);
  });

  it('refuses a small body that would inflate to 256 MiB without inflating it', () => {
    // Built in pieces: the 256 MiB never exist, only their half-megabyte deflate.
    const parts: Uint8Array[] = [];
    const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
    const zeros = new Uint8Array(1024 * 1024);
    for (let i = 0; i < 256; i += 1) deflate.push(zeros, i === 255);
    const body = new Uint8Array(1 + parts.reduce((sum, part) => sum + part.length, 0));
    body[0] = CODEC_SPEC;
    let offset = 1;
    for (const part of parts) {
      body.set(part, offset);
      offset += part.length;
    }
    const before = process.memoryUsage().rss;
    assert.throws(() => decode(body, key), /too large/);
    // Inflated whole, it would take the 256 MiB first; stopped at the cap, a few MiB at most.
    const grown = process.memoryUsage().rss - before;
    assert.ok(grown < 64 * 1024 * 1024, `memory grew by ${Math.round(grown / 1048576)} MiB`);
  });

  it('accepts only 64-hex-digit keys', () => {
    assert.throws(() => parseCodecKey('short'), CodecError);
    assert.equal(parseCodecKey('ab'.repeat(32)).length, 32);
  });
});
