/**
 * Small image files for the verification tests, built byte by byte: their segment structure is
 * real (what the metadata stripper and the upload's type sniffing read), their pixels are not.
 */

/** The text a test looks for to prove the location is gone. */
export const GPS_TEXT = 'GPS 51.5007N 0.1246W';

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return out;
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * A JPEG whose APP1 holds an EXIF block with a GPS IFD (tag 0x8825) and GPS_TEXT, plus a
 * comment; then a quantisation table, a frame header and a scan. With `orientation`, IFD0 also
 * holds the Orientation tag (0x0112) that a phone writes for a photo taken upright.
 */
export function jpegWithGps(orientation?: number): Uint8Array {
  // TIFF, big-endian: IFD0 at 8 with [Orientation and] GPSInfo (0x8825) -> the GPS IFD right
  // after IFD0, with one entry, GPSLatitudeRef 'N'; then the text.
  const orientationEntry =
    orientation === undefined ? [] : [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0];
  const entries = orientation === undefined ? 1 : 2;
  const gpsIfd = 8 + 2 + entries * 12 + 4;
  const tiff = join(
    ascii('MM'),
    new Uint8Array([0, 42, 0, 0, 0, 8]),
    new Uint8Array([0, entries, ...orientationEntry]),
    new Uint8Array([0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, gpsIfd, 0, 0, 0, 0]),
    new Uint8Array([0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 78, 0, 0, 0, 0, 0, 0, 0]),
    ascii(GPS_TEXT),
  );
  return join(
    new Uint8Array([0xff, 0xd8]),
    segment(0xe0, join(ascii('JFIF\0'), new Uint8Array([1, 1, 0, 0, 1, 0, 1, 0, 0]))),
    segment(0xe1, join(ascii('Exif\0\0'), tiff)),
    segment(0xfe, ascii('Shot on a phone')),
    segment(0xdb, new Uint8Array(65)),
    segment(0xc0, new Uint8Array([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xda, new Uint8Array([1, 1, 0, 0, 63, 0])),
    new Uint8Array([0x12, 0x34, 0x56]),
    new Uint8Array([0xff, 0xd9]),
  );
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A 1×1 PNG with a tEXt chunk holding GPS_TEXT. */
export function pngWithText(): Uint8Array {
  return join(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
    chunk('tEXt', join(ascii('Comment\0'), ascii(GPS_TEXT))),
    chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])),
    chunk('IEND', new Uint8Array()),
  );
}

/** An extended WebP whose EXIF chunk holds GPS_TEXT (flag set in VP8X). */
export function webpWithExif(): Uint8Array {
  const riffChunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(8 + data.length + (data.length % 2));
    out.set(ascii(type));
    new DataView(out.buffer).setUint32(4, data.length, true);
    out.set(data, 8);
    return out;
  };
  const body = join(
    riffChunk('VP8X', new Uint8Array([0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    riffChunk('VP8L', new Uint8Array([0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88])),
    riffChunk('EXIF', ascii(GPS_TEXT)),
  );
  const header = new Uint8Array(12);
  header.set(ascii('RIFF'));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  header.set(ascii('WEBP'), 8);
  return join(header, body);
}
