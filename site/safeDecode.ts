/** Decoding of URL path segments that never throws. */

/** Decodes a path segment; a malformed one (e.g. a lone `%`) is warned about and returned as is. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    console.warn(`Malformed URL path segment left undecoded: ${segment}`);
    return segment;
  }
}
