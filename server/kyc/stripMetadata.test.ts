import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileTypeFromBuffer } from 'file-type';
import { exifOrientation, stripMetadata } from './stripMetadata.ts';
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

test('a JPEG taken upright keeps its orientation, in an EXIF block of that tag alone', () => {
  const stripped = stripMetadata(jpegWithGps(6), 'jpeg');
  assert.ok(stripped);
  assert.ok(!text(stripped).includes(GPS_TAG));
  assert.ok(!text(stripped).includes(GPS_TEXT));
  const app1 = text(stripped).indexOf('\xff\xe1');
  assert.ok(app1 > 0);
  const payload = stripped.subarray(
    app1 + 4,
    app1 + 2 + ((stripped[app1 + 2] ?? 0) << 8) + (stripped[app1 + 3] ?? 0),
  );
  assert.equal(exifOrientation(payload), 6);
  assert.equal(payload.length, 6 + 8 + 2 + 12 + 4);
  // Upright already (no tag, or 1): no EXIF block at all.
  assert.ok(!text(stripMetadata(jpegWithGps(1), 'jpeg') ?? new Uint8Array()).includes('Exif'));
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
