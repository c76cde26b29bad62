/** The widget bundle's size against its budget (issue: at most 20 KB gzip before first render). */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Where the widget build writes the bundle. */
export const WIDGET_BUNDLE = 'dist/site/widgets.js';

/** The most the bundle may weigh, gzipped. */
export const WIDGET_BUDGET_GZ = 20 * 1024;

/** Raw and gzip sizes of the built bundle. */
export function widgetBundleSize(file = WIDGET_BUNDLE): { raw: number; gzip: number } {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
