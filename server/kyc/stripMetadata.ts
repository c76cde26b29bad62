/**
 * Removes what a photo says besides its pixels before it is stored: the camera's EXIF block
 * (with its GPS position, device serial and time), XMP and IPTC packets and comments. Nothing is
 * re-encoded: the file is read as its format's segments (JPEG markers, PNG chunks, RIFF chunks of
 * WebP) and the ones that carry metadata are left out. Kept: what rendering needs, including the
 * colour profile (JPEG APP2 / PNG iCCP / WebP ICCP) and the Adobe colour-transform marker, and a
 * JPEG's orientation: a phone stores an upright photo sideways with an EXIF tag saying so, and
 * without the tag the person and staff would see their document on its side. It comes back as
 * a new EXIF block of that one tag, so nothing else of the camera's block survives.
 */

/** The image formats an identity document may be uploaded in. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The bytes without metadata, or null when they are not a well-formed file of `format`. */
export function stripMetadata(bytes: Uint8Array, format: PhotoFormat): Uint8Array | null {
  switch (format) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
  }
}

/** APP0 (JFIF), APP2 (ICC profile) and APP14 (Adobe) are kept; other APPn and COM are not. */
function keepJpegMarker(marker: number): boolean {
  if (marker === 0xfe) return false;
  if (marker >= 0xe0 && marker <= 0xef)
    return marker === 0xe0 || marker === 0xe2 || marker === 0xee;
  return true;
}

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      break;
    }
    if (at + 4 > bytes.length) return null;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda) {
      // Start of scan: the compressed data and whatever follows are the picture itself.
      parts.push(bytes.subarray(at));
      break;
    }
    if (keepJpegMarker(marker)) parts.push(bytes.subarray(at, end));
    else if (marker === 0xe1) {
      const orientation = exifOrientation(bytes.subarray(at + 4, end));
      if (orientation !== null) parts.push(orientationSegment(orientation));
    }
    at = end;
  }
  return concat(parts);
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

/** The Orientation (2–8) an APP1 EXIF payload's first IFD names; null for none, 1 or unreadable. */
export function exifOrientation(payload: Uint8Array): number | null {
  if (!EXIF_HEADER.every((byte, index) => payload[index] === byte)) return null;
  const tiff = payload.subarray(EXIF_HEADER.length);
  if (tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, little) !== TIFF_SHORT) return null;
    const value = view.getUint16(entry + 8, little);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** An APP1 segment whose EXIF block holds the Orientation tag and nothing else. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    ...[0x4d, 0x4d, 0, 42, 0, 0, 0, 8], // big-endian, IFD0 at 8
    ...[0, 1], // one entry
    ...[0x01, 0x12, 0, TIFF_SHORT, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0], // no next IFD
  ];
  const length = 2 + EXIF_HEADER.length + tiff.length;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER, ...tiff]);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Text chunks (which carry XMP too), EXIF and the modification time. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return null;
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

/** The VP8X flags that announce EXIF and XMP chunks. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WEBP') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return null;
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    const type = tag(at);
    if (type === 'VP8X') {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      parts.push(bytes.subarray(at, Math.min(end, bytes.length)));
    }
    at = end;
  }
  const body = concat(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
