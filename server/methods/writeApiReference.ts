/**
 * `npm run docs`: writes the API reference to docs/api/ from the method registry, and removes the
 * pages of domains that no longer have methods.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_REFERENCE_DIR, renderApiReference } from './apiReference.ts';

const pages = renderApiReference();
mkdirSync(API_REFERENCE_DIR, { recursive: true });
const written = new Set(pages.map((page) => page.file));
for (const file of readdirSync(API_REFERENCE_DIR)) {
  if (file.endsWith('.md') && !written.has(file)) rmSync(join(API_REFERENCE_DIR, file));
}
for (const page of pages) writeFileSync(join(API_REFERENCE_DIR, page.file), page.text);
console.log(`API reference: ${pages.length} pages in ${API_REFERENCE_DIR}/`);
