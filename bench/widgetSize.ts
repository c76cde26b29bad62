/**
 * The widget bundle's size against its budget (issue: at most 20 KB gzip for what a page must
 * download before the first element renders). That is the loader plus the entry module and the
 * chunks it imports statically, read from the build's manifest; chunks loaded on demand (the chat
 * panel on open, the HTML sanitiser for a notice) are reported apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the widget build writes its files. */
export const WIDGET_DIR = 'dist/site';

/** The most the first download may weigh, gzipped. */
export const WIDGET_BUDGET_GZ = 20 * 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Sizes of the widget build, gzipped: what must load first, and what loads later. */
export interface WidgetSizes {
  /** The loader, the entry and its static imports. */
  gzip: number;
  raw: number;
  /** Every chunk loaded on demand: its name (without the hash), file and size. */
  lazy: { name: string; file: string; gzip: number }[];
}

/** Measures the built widgets in `dir`. */
export function widgetBundleSize(dir = WIDGET_DIR): WidgetSizes {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(dir, 'widgets', 'manifest.json'), 'utf8'),
  );
  const bytes = (file: string) => readFileSync(join(dir, file));
  const gz = (file: string) => gzipSync(bytes(file), { level: 9 }).length;

  const first = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || first.has(chunk.file)) return;
    first.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  const files = ['widgets.js', ...first];
  const lazy = Object.values(manifest).filter((chunk) => !first.has(chunk.file));
  return {
    gzip: files.reduce((sum, file) => sum + gz(file), 0),
    raw: files.reduce((sum, file) => sum + bytes(file).length, 0),
    lazy: lazy.map((chunk) => ({
      name: chunk.name ?? chunk.file,
      file: chunk.file,
      gzip: gz(chunk.file),
    })),
  };
}
