/**
 * The widgets' first download against its budget: at most 15 KB gzip -9 for everything a page with
 * all four elements downloads before each shows its first content, for a visitor with no chat
 * session and no notice to show. That is the loader, the entry module and the chunks it imports
 * statically, read from the build's manifest, plus any chunk loaded on demand that an element needs
 * for its first render (FIRST_RENDER: none today). The rest is reported apart: the chat session
 * (on first open, or at once for a visitor with a session), the notice modal with its HTML
 * sanitiser (when there is a notice) and the FAQ dialog (on the hotkey). bench/widgets.ts checks in
 * Chromium that a page fetches nothing more before all four have rendered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the widget build writes its files. */
export const WIDGET_DIR = 'dist/site';

/** The most the first download may weigh, gzipped. */
export const WIDGET_BUDGET_GZ = 15 * 1024;

/**
 * Chunks loaded on demand (by source path) that an element needs before its first content: if an
 * element's first render ever waits on one, it belongs here, so the budget counts it.
 */
export const FIRST_RENDER: readonly string[] = [];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Sizes of the widget build, gzipped: what must load first, and what loads later. */
export interface WidgetSizes {
  /** The loader, the entry, its static imports and the FIRST_RENDER chunks. */
  gzip: number;
  raw: number;
  /** Those files, relative to the build folder. */
  files: string[];
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
    if (!chunk) throw new Error(`The widget manifest has no ${key}.`);
    if (first.has(chunk.file)) return;
    first.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of FIRST_RENDER) visit(key);

  const files = ['widgets.js', ...first];
  const lazy = Object.values(manifest).filter((chunk) => !first.has(chunk.file));
  return {
    gzip: files.reduce((sum, file) => sum + gz(file), 0),
    raw: files.reduce((sum, file) => sum + bytes(file).length, 0),
    files,
    lazy: lazy.map((chunk) => ({
      name: chunk.name ?? chunk.file,
      file: chunk.file,
      gzip: gz(chunk.file),
    })),
  };
}
