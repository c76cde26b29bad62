/**
 * The house's own figures, read from the code as it stands: files loose at the server's root,
 * import circles, server domains that import each other, product functions longer than a screen,
 * and error sites outside the catalogue. `npm run house` prints them; `test/house.test.ts` holds
 * the ones that must stay at zero. Parsing goes through Vite's own parser (rolldown's oxc), so
 * no second TypeScript toolchain is needed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { ERRORS } from '../core/errors/index.ts';

/** The folders whose product code is measured (tests and generated files are left out). */
export const PRODUCT_FOLDERS = ['core', 'site', 'widgets', 'server'] as const;

/** The files allowed at the server's root: the entry point, the wiring, the configuration and the public surface. */
export const SERVER_ROOT_FILES = ['main.ts', 'app.ts', 'config.ts', 'index.ts'];

/** Lines a product function may span: about one screen. */
export const FUNCTION_LINE_LIMIT = 80;

/** A function longer than the limit. */
export interface LongFunction {
  file: string;
  name: string;
  lines: number;
}

/** What `measureHouse` finds. */
export interface HouseFigures {
  /** Product files at the server's root other than SERVER_ROOT_FILES. */
  looseServerFiles: string[];
  /** Groups of files that import each other, directly or around a circle. */
  circles: string[][];
  /** Pairs of server domains (first folder under server/) that import each other. */
  mutualDomains: [string, string][];
  /** Product functions over FUNCTION_LINE_LIMIT lines, longest first. */
  longFunctions: LongFunction[];
  /** Refusals thrown with words of their own (`new DomainError('…')`) instead of a catalogue code. */
  inlineErrorSites: number;
  /** Refusals in the catalogue (core/errors), and the server's `refusal(code)` throw sites. */
  catalogue: { codes: number; throwSites: number };
}

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;

/** Product source files under the given folders, repository-relative. */
export function productFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const folder of PRODUCT_FOLDERS) walk(folder);
  return found.sort();
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\sfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const BARE_IMPORT = /(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The product files one file imports (relative imports only; type-only imports count too). */
function importsOf(root: string, file: string, known: Set<string>): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const targets = new Set<string>();
  for (const pattern of [IMPORT, BARE_IMPORT]) {
    for (const match of text.matchAll(pattern)) {
      const spec = match[1] ?? '';
      const target = relative(root, resolve(root, dirname(file), spec));
      if (known.has(target)) targets.add(target);
    }
  }
  return [...targets];
}

/** The import graph of the product files. */
export function importGraph(root: string, files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(root, file, known)]));
}

/** Strongly connected groups of two or more files (Tarjan's algorithm). */
export function findCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * The server's layers: the edge, storage, the error class and the event bus. Every domain may
 * use them and `storage/schema.ts` joins every domain's table types, so they are not domains.
 */
export const SERVER_LAYERS = ['http', 'storage', 'errors', 'events'];

/** The server domain a file belongs to: its first folder under server/ unless a layer, else null. */
function domainOf(file: string): string | null {
  const parts = file.split('/');
  const folder = parts[0] === 'server' && parts.length > 2 ? (parts[1] ?? null) : null;
  return folder !== null && SERVER_LAYERS.includes(folder) ? null : folder;
}

/** Pairs of server domains with an import each way. */
export function findMutualDomains(graph: Map<string, string[]>): [string, string][] {
  const arrows = new Set<string>();
  for (const [from, targets] of graph) {
    const a = domainOf(from);
    for (const to of targets) {
      const b = domainOf(to);
      if (a !== null && b !== null && a !== b) arrows.add(`${a}>${b}`);
    }
  }
  const pairs: [string, string][] = [];
  for (const arrow of arrows) {
    const [a = '', b = ''] = arrow.split('>');
    if (a < b && arrows.has(`${b}>${a}`)) pairs.push([a, b]);
  }
  return pairs.sort();
}

interface Node {
  type?: string;
  start?: number;
  end?: number;
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

/** The name a function goes by: its own, or that of the variable, property or method holding it. */
function functionName(node: Node, parent: Node | null): string {
  const own = (node.id as Node | null | undefined)?.name;
  if (typeof own === 'string') return own;
  const key = (parent?.id ?? parent?.key) as Node | undefined;
  if (typeof key?.name === 'string') return key.name;
  return '(anonymous)';
}

/** Functions in one file longer than the limit, each counted once at its outermost span. */
export function longFunctionsIn(root: string, file: string, limit: number): LongFunction[] {
  const text = readFileSync(join(root, file), 'utf8');
  const ast = parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as Node;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: LongFunction[] = [];
  const walk = (node: Node, parent: Node | null) => {
    if (node.type !== undefined && FUNCTION_TYPES.has(node.type)) {
      const lines = lineAt(node.end ?? 0) - lineAt(node.start ?? 0) + 1;
      if (lines > limit) found.push({ file, name: functionName(node, parent), lines });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child === 'object') walk(child, node);
      } else if (value && typeof value === 'object') {
        walk(value as Node, node);
      }
    }
  };
  walk(ast, null);
  return found;
}

/** Measures the house under `root` (the repository). */
export function measureHouse(root: string): HouseFigures {
  const files = productFiles(root);
  const graph = importGraph(root, files);
  const looseServerFiles = files.filter(
    (file) => dirname(file) === 'server' && !SERVER_ROOT_FILES.includes(file.slice(7)),
  );
  const longFunctions = files
    .flatMap((file) => longFunctionsIn(root, file, FUNCTION_LINE_LIMIT))
    .sort((a, b) => b.lines - a.lines);
  const serverText = files
    .filter((file) => file.startsWith('server/'))
    .map((file) => readFileSync(join(root, file), 'utf8'));
  const count = (pattern: RegExp) =>
    serverText.reduce((sum, text) => sum + (text.match(pattern)?.length ?? 0), 0);
  const inlineErrorSites = count(/new DomainError\(\s*[`'"]/g);
  const catalogue = { codes: Object.keys(ERRORS).length, throwSites: count(/\brefusal\(/g) };
  return {
    looseServerFiles,
    circles: findCircles(graph),
    mutualDomains: findMutualDomains(graph),
    longFunctions,
    inlineErrorSites,
    catalogue,
  };
}

/** The figures as lines of text. */
export function describeHouse(figures: HouseFigures): string {
  return [
    `Loose files at server/'s root: ${figures.looseServerFiles.length} ${figures.looseServerFiles.join(' ')}`,
    `Import circles: ${figures.circles.length}`,
    ...figures.circles.map((circle) => `  ${circle.length} files: ${circle.join(', ')}`),
    `Server domains that import each other: ${figures.mutualDomains.length} ${figures.mutualDomains.map((pair) => pair.join('↔')).join(', ')}`,
    `Product functions over ${FUNCTION_LINE_LIMIT} lines: ${figures.longFunctions.length}`,
    ...figures.longFunctions.map((f) => `  ${f.lines} ${f.name} (${f.file})`),
    `Refusals thrown with words outside the catalogue: ${figures.inlineErrorSites}`,
    `Catalogue: ${figures.catalogue.codes} codes; ${figures.catalogue.throwSites} 'refusal(code)' sites in server/`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  console.log(describeHouse(measureHouse(resolve(import.meta.dirname, '..'))));
}
