import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileTypeFromBuffer } from 'file-type';
import { stripMetadata } from './stripMetadata.ts';
import { GPS_TEXT, jpegWithGps, pngWithText, webpWithExif } from './testImages.ts';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** The GPSInfo tag of an EXIF IFD entry, big-endian. */
const GPS_TAG = '\x88\x25';

test('a JPEG loses its EXIF block with the GPS tag and its comment, and keeps its picture', async () => {
  const original = jpegWithGps();
  assert.ok(text(original).includes(GPS_TEXT) && text(original).includes(GPS_TAG));
  const stripped = stripMetadata(original, 'jpeg');
  assert.ok(stripped);
  assert.ok(!text(stripped).includes('Exif'));
  assert.ok(!text(stripped).includes(GPS_TAG));
  assert.ok(!text(stripped).includes(GPS_TEXT));
  assert.ok(!text(stripped).includes('Shot on a phone'));
  assert.ok(text(stripped).includes('JFIF'));
  assert.deepEqual([...stripped.subarray(-5)], [0x12, 0x34, 0x56, 0xff, 0xd9]);
  assert.equal((await fileTypeFromBuffer(stripped))?.ext, 'jpg');
});

test('a PNG loses its text chunks', async () => {
  const stripped = stripMetadata(pngWithText(), 'png');
  assert.ok(stripped);
  assert.ok(!text(stripped).includes(GPS_TEXT));
  assert.ok(text(stripped).includes('IDAT') && text(stripped).includes('IEND'));
  assert.equal((await fileTypeFromBuffer(stripped))?.ext, 'png');
});

test('a WebP loses its EXIF chunk and the flag announcing it, and its RIFF size follows', () => {
  const stripped = stripMetadata(webpWithExif(), 'webp');
  assert.ok(stripped);
  assert.ok(!text(stripped).includes(GPS_TEXT));
  assert.equal(stripped[20], 0);
  assert.equal(new DataView(stripped.buffer).getUint32(4, true), stripped.length - 8);
});

test('bytes that are not the format are refused, not passed through', () => {
  assert.equal(stripMetadata(new Uint8Array([1, 2, 3, 4]), 'jpeg'), null);
  assert.equal(stripMetadata(pngWithText().subarray(0, 20), 'png'), null);
  assert.equal(stripMetadata(jpegWithGps(), 'webp'), null);
});
