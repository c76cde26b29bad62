/**
 * The design card's twelve packages: where each is used, and for the ones the code does not use,
 * what replaces it and the measured reason. Measured here, in a few seconds:
 * - lz-string against fflate (the codec's deflate) on the codec's benchmark body: bytes out and
 *   compress + decompress round trip, and each one's bundled weight;
 * - crypto-js against @noble/ciphers (the codec's AES-256-CBC) on the compact pipeline's payload
 *   (that body deflated): encrypt + decrypt round trip, and each one's bundled weight;
 * - the widgets' first download (the real widget build through Vite, kept in memory) as shipped,
 *   with goober's runtime added to its entry, with preact/compat as React's API, and with the
 *   element class on preact-custom-element (bench/widgetElementOnLibrary.ts); and the weights of
 *   React 19 with React DOM's `createRoot` and of preact-custom-element beside Preact, bundled.
 * Bundled weight is a Vite production build (minified) of an entry importing what the codec would
 * import, gzip -9. `node --import tsx bench/packages.ts` prints the table and rewrites its section
 * of docs/measurements.md; `npm run bench` does the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cbc } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import CryptoJS from 'crypto-js';
import { deflateSync, inflateSync } from 'fflate';
import LZString from 'lz-string';
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { DEV_CODEC_KEY, parseCodecKey } from '../core/codec.ts';
import widgetConfig from '../vite.widgets.config.ts';
import { sampleBody } from './codec.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median } from './median.ts';

const RUNS = 300;
const WARMUP = 30;

/**
 * Median times of `runs` calls of `a` and of `b`, in ms, after a warm-up. The two alternate call
 * by call, so a busy machine slows both alike and their ratio holds.
 */
function timeBoth(a: () => void, b: () => void, runs = RUNS): [number, number] {
  for (let i = 0; i < WARMUP; i++) {
    a();
    b();
  }
  const times: [number[], number[]] = [[], []];
  const time = (work: () => void, into: number[]) => {
    const start = performance.now();
    work();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < runs; i++) {
    time(a, times[0]);
    time(b, times[1]);
  }
  return [median(times[0]), median(times[1])];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** A module that only exists in the build: `source`, under the id `name`. */
function virtualEntry(name: string, source: string): Plugin {
  const id = `\0${name}`;
  return {
    name: `virtual-${name}`,
    enforce: 'pre',
    resolveId: (request) => (request === name ? id : null),
    load: (request) => (request === id ? source : null),
  };
}

/** Runs a Vite build in memory (nothing written) and returns its output files. */
async function buildInMemory(config: UserConfig): Promise<Rolldown.OutputBundle[string][]> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-packages-'));
  try {
    const result = await build({
      ...config,
      configFile: false,
      logLevel: 'silent',
      build: { ...config.build, outDir, write: false },
    });
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((output) => ('output' in output ? output.output : []));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const gz = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

/**
 * Hands what a bundle imports to the page, so the build keeps all of it (an app build drops its
 * entry's exports, and with them anything only they use).
 */
const KEEP = 'const keep = (...values) => { globalThis.__bench = values; };';

/**
 * The gzip -9 weight of `source` (an ES module that passes what it imports to `keep`) bundled and
 * minified by Vite for the browser, less that of `keep` alone.
 */
async function bundledGzip(source: string): Promise<number> {
  return (await bundleGzip(`${source}\n${KEEP}`)) - (await bundleGzip(`${KEEP}\nkeep();`));
}

async function bundleGzip(source: string): Promise<number> {
  const files = await buildInMemory({
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [virtualEntry('bench-entry', source)],
    build: {
      target: 'es2022',
      minify: true,
      rolldownOptions: { input: 'bench-entry', output: { format: 'es' } },
    },
  });
  return files.reduce((sum, file) => sum + (file.type === 'chunk' ? gz(file.code) : 0), 0);
}

/**
 * The widgets' first download, gzip -9, file by file as bench/widgetSize.ts counts it: the loader,
 * the entry module and the chunks it imports statically.
 */
async function widgetFirstDownload(config: UserConfig): Promise<number> {
  const files = await buildInMemory(config);
  const chunks = new Map<string, Rolldown.OutputChunk>();
  let loader = 0;
  for (const file of files) {
    if (file.type === 'chunk') chunks.set(file.fileName, file);
    else if (file.fileName === 'widgets.js') loader = gz(file.source);
  }
  const first = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || first.has(name)) return;
    first.add(name);
    for (const next of chunk.imports) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  if (!loader || first.size === 0) throw new Error('The widget build has no loader or entry.');
  return [...first].reduce((sum, name) => sum + gz(chunks.get(name)?.code ?? ''), loader);
}

/** One library's figures on one job. */
export interface LibraryFigures {
  name: string;
  /** Bundled and minified, gzip -9. */
  bundleGzip: number;
  roundTripMs: number;
  /** Bytes out (compression only). */
  bytes?: number;
}

/** Everything the table reports. */
export interface PackageFigures {
  jsonBytes: number;
  payloadBytes: number;
  fflate: LibraryFigures;
  lzString: LibraryFigures;
  noble: LibraryFigures;
  cryptoJs: LibraryFigures;
  /** True when both ciphers gave the same ciphertext for the same key, IV and payload. */
  sameCiphertext: boolean;
  widgets: {
    shipped: number;
    withGoober: number;
    withCompat: number;
    /** The element class on preact-custom-element through its adapter. */
    withElementLibrary: number;
    react: number;
    /** preact-custom-element's own weight beside the Preact it imports. */
    elementLibrary: number;
  };
}

/** lz-string against fflate on the codec's benchmark body. */
async function compression(json: string) {
  const bytes = new TextEncoder().encode(json);
  const deflated = deflateSync(bytes);
  const lz = LZString.compressToUint8Array(json);
  if (!sameBytes(inflateSync(deflated), bytes)) throw new Error('fflate round trip failed');
  if (LZString.decompressFromUint8Array(lz) !== json)
    throw new Error('lz-string round trip failed');
  const [fflateMs, lzMs] = timeBoth(
    () => inflateSync(deflateSync(bytes)),
    () => LZString.decompressFromUint8Array(LZString.compressToUint8Array(json)),
  );
  const fflate: LibraryFigures = {
    name: 'fflate',
    bytes: deflated.length,
    roundTripMs: fflateMs,
    // What core/codec.ts imports.
    bundleGzip: await bundledGzip(
      "import { deflateSync, Inflate } from 'fflate'; keep(deflateSync, Inflate);",
    ),
  };
  const lzString: LibraryFigures = {
    name: 'lz-string',
    bytes: lz.length,
    roundTripMs: lzMs,
    bundleGzip: await bundledGzip("import LZString from 'lz-string'; keep(LZString);"),
  };
  return { fflate, lzString, payload: deflated };
}

/** crypto-js's word arrays back to bytes, as a body on the wire needs. */
function wordsToBytes(words: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < out.length; i++) {
    out[i] = ((words.words[i >>> 2] ?? 0) >>> (24 - (i % 4) * 8)) & 0xff;
  }
  return out;
}

/** crypto-js against @noble/ciphers: AES-256-CBC (PKCS#7) on the compact pipeline's payload. */
async function encryption(payload: Uint8Array) {
  const key = parseCodecKey(DEV_CODEC_KEY);
  const keyWords = CryptoJS.enc.Hex.parse(DEV_CODEC_KEY);
  const iv = randomBytes(16);

  const nobleRoundTrip = (data: Uint8Array) => cbc(key, iv).decrypt(cbc(key, iv).encrypt(data));
  const cryptoJsEncrypt = (data: Uint8Array, ivBytes: Uint8Array) =>
    wordsToBytes(
      CryptoJS.AES.encrypt(CryptoJS.lib.WordArray.create(data), keyWords, {
        iv: CryptoJS.lib.WordArray.create(ivBytes),
      }).ciphertext,
    );
  const cryptoJsDecrypt = (ciphertext: Uint8Array, ivBytes: Uint8Array) =>
    wordsToBytes(
      CryptoJS.AES.decrypt(
        CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.lib.WordArray.create(ciphertext) }),
        keyWords,
        { iv: CryptoJS.lib.WordArray.create(ivBytes) },
      ),
    );

  const ours = cbc(key, iv).encrypt(payload);
  const theirs = cryptoJsEncrypt(payload, iv);
  if (!sameBytes(nobleRoundTrip(payload), payload)) throw new Error('noble round trip failed');
  if (!sameBytes(cryptoJsDecrypt(theirs, iv), payload))
    throw new Error('crypto-js round trip failed');

  const [nobleMs, cryptoJsMs] = timeBoth(
    () => nobleRoundTrip(payload),
    () => {
      const ivBytes = randomBytes(16);
      cryptoJsDecrypt(cryptoJsEncrypt(payload, ivBytes), ivBytes);
    },
  );
  const noble: LibraryFigures = {
    name: '@noble/ciphers',
    roundTripMs: nobleMs,
    // What core/codec.ts imports.
    bundleGzip: await bundledGzip(
      "import { cbc } from '@noble/ciphers/aes.js'; import { hexToBytes, randomBytes } from '@noble/ciphers/utils.js'; keep(cbc, hexToBytes, randomBytes);",
    ),
  };
  const cryptoJs: LibraryFigures = {
    name: 'crypto-js',
    roundTripMs: cryptoJsMs,
    // AES (CBC and PKCS#7 are its defaults), hex keys, and word arrays made from bytes.
    bundleGzip: await bundledGzip(
      "import AES from 'crypto-js/aes'; import Hex from 'crypto-js/enc-hex'; import WordArray from 'crypto-js/lib-typedarrays'; keep(AES, Hex, WordArray);",
    ),
  };
  return { noble, cryptoJs, sameCiphertext: sameBytes(ours, theirs) };
}

/** The widget build with `widgets/shared/<module>.ts` imports resolved to `replacement` instead. */
function withModules(modules: string, replacement: string): UserConfig {
  const aliases = (widgetConfig.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
  return {
    ...widgetConfig,
    resolve: {
      ...widgetConfig.resolve,
      alias: [
        { find: new RegExp(`^.*/shared/(${modules})\\.ts$`), replacement: resolve(replacement) },
        ...aliases,
      ],
    },
  };
}

/**
 * The element class on preact-custom-element against ours: the first download built with it (the
 * elements unchanged, through bench/widgetElementOnLibrary.ts), and the library's own weight
 * beside what it imports from Preact.
 */
async function elementLibrary() {
  const withElementLibrary = await widgetFirstDownload(
    withModules('widgetElement|defineElement', 'bench/widgetElementOnLibrary.ts'),
  );
  const preact = 'import { cloneElement, Fragment, h, hydrate, render } from "preact";';
  const elementLibrary =
    (await bundledGzip(
      `${preact} import register from 'preact-custom-element'; keep(register, cloneElement, Fragment, h, hydrate, render);`,
    )) - (await bundledGzip(`${preact} keep(cloneElement, Fragment, h, hydrate, render);`));
  return { withElementLibrary, elementLibrary };
}

/**
 * The widgets' first download as shipped, with goober added, with preact/compat as React's API
 * and with the element class on preact-custom-element; and React 19 with React DOM's
 * `createRoot`, bundled alone.
 */
async function widgets() {
  const shipped = await widgetFirstDownload(widgetConfig);
  // goober's runtime for what the widgets' styles would need (class rules, :host rules,
  // @keyframes), handed to the page so none of it is dropped; the CSS text is the same either
  // way.
  const entry = 'widgets-with-goober';
  const withGoober = await widgetFirstDownload({
    ...widgetConfig,
    plugins: [
      ...(widgetConfig.plugins ?? []),
      virtualEntry(
        entry,
        `import ${JSON.stringify(resolve('widgets/index.ts'))}; import { css, glob, keyframes } from 'goober'; globalThis.__bench = [css, glob, keyframes];`,
      ),
    ],
    build: {
      ...widgetConfig.build,
      rolldownOptions: { ...widgetConfig.build?.rolldownOptions, input: { widgets: entry } },
    },
  });
  const aliases = (widgetConfig.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
  const withCompat = await widgetFirstDownload({
    ...widgetConfig,
    resolve: {
      ...widgetConfig.resolve,
      alias: aliases.map((alias) =>
        alias.find.test('react') ? { ...alias, replacement: 'preact/compat' } : alias,
      ),
    },
  });
  const react = await bundledGzip(
    "import { createElement, useEffect, useState } from 'react'; import { createRoot } from 'react-dom/client'; keep(createElement, useEffect, useState, createRoot);",
  );
  return { shipped, withGoober, withCompat, react, ...(await elementLibrary()) };
}

/** Measures everything the table needs; a few seconds. */
export async function benchPackages(): Promise<PackageFigures> {
  const json = JSON.stringify(sampleBody());
  const { fflate, lzString, payload } = await compression(json);
  const { noble, cryptoJs, sameCiphertext } = await encryption(payload);
  return {
    jsonBytes: Buffer.byteLength(json),
    payloadBytes: payload.length,
    fflate,
    lzString,
    noble,
    cryptoJs,
    sameCiphertext,
    widgets: await widgets(),
  };
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(3)} ms`;
const times = (a: number, b: number) => `${(a / b).toFixed(1)}x slower`;
const percentMore = (a: number, b: number) => `${Math.round((a / b - 1) * 100)}% more`;

/** The packages table of docs/measurements.md. */
export function packagesTable(f: PackageFigures, machine: string): string {
  const { fflate, lzString, noble, cryptoJs, widgets: w } = f;
  return [
    `Measured by \`bench/packages.ts\` (${machine}). Weights: a minified Vite build of`,
    'what the code imports (or would import), gzip -9; the widget figures build the real widget',
    'suite (`vite.widgets.config.ts`) in memory and count what loads before the first element',
    `renders, as the widgets bench does. Times: medians of ${RUNS} round trips, the two libraries`,
    `alternating call by call, on the codec's benchmark body (${bytes(f.jsonBytes)} of JSON, \`bench/codec.ts\`).`,
    '',
    '| package | where it is used, or what replaces it and why |',
    '|---|---|',
    `| react | What the site and the widgets are written against: every page and component in \`site/\` (mounted by \`site/main.tsx\`) and in \`widgets/\`. The site runs on React 19 (\`vite.config.ts\`; its component tests too), which costs its first load about 57 KiB gzip over preact/compat (\`bench/siteLoad.ts\`, "The site's first load" above). The widgets load on other people's pages, where every kilobyte is theirs: their build resolves \`react\` to React's API on Preact alone (\`widgets/shared/reactOnPreact.ts\`: the hooks, \`createElement\`, \`useSyncExternalStore\`, React's \`onChange\` and \`nativeEvent\`; their component tests too). Their first download is ${kb(w.shipped)} gzip so (budget 15 KB), ${kb(w.withCompat)} with preact/compat as React's API; React 19 with React DOM's \`createRoot\` weighs ${kb(w.react)} alone. |`,
    "| react-dom | `createRoot` in `site/main.tsx`, React DOM 19. Not in the widgets: each element renders with Preact's own `render` (`widgets/shared/widgetElement.ts`). |",
    `| @r2wc/react-to-web-component | Not used, nor Preact's own preact-custom-element: \`widgets/shared/widgetElement.ts\` makes each widget component a custom element in an open shadow root (string attributes and their properties, presence-boolean attributes, the element's own state for its JS API) with Preact's \`render\`. r2wc needs React DOM's \`createRoot\`, which in the widget build meant preact/compat: with the two, the first download was 19.1 KB gzip; with this class and React's API on Preact alone, 15.1 KB (same build otherwise, measured when r2wc was replaced). preact-custom-element weighs ${bytes(w.elementLibrary)} gzip beside Preact, where our class is about 0.5 KB, and lacks what the elements do: it hands the component neither its shadow root nor its element, reads an emptied attribute as '' and a bare boolean as '' (falsy), names each property after its attribute (\`label-one\`), writes the string "null" for a property set to null, throws on reading a property before the element first connects, and registers the element itself with a class that cannot be extended, so no JS API. With an adapter that adds all that (\`bench/widgetElementOnLibrary.ts\`: the elements and their tests pass unchanged), the first download is ${kb(w.withElementLibrary)} gzip against ${kb(w.shipped)} (+${bytes(w.withElementLibrary - w.shipped)}), over the 15 KB budget. |`,
    "| @preact/signals-react | The trading page's live market data (`site/pages/trading/marketData.ts`): the ticker, each shown book row, recent trades and the account's orders, fills and wallets are signals, so a book update re-renders the rows whose figures changed (`OrderBook.tsx`, `OrderBook.test.tsx`), not the book or the page. Loaded with that page only. Every component that reads a signal while rendering calls `useSignals()` from `@preact/signals-react/runtime`, the package's way to subscribe without its Babel transform. |",
    "| wouter | The site's routing: `site/Routes.tsx`, links and redirects in `site/components/`. |",
    '| valtio | The shared state: the slices in `core/store/`, read with `useSnapshot` in `site/` and in the support chat widget. |',
    `| crypto-js | Not used: AES-256-CBC comes from \`@noble/ciphers\` (\`core/codec.ts\`). On the compact pipeline's payload (the body deflated, ${bytes(f.payloadBytes)}), encrypt + decrypt takes ${ms(noble.roundTripMs)} with @noble/ciphers and ${ms(cryptoJs.roundTripMs)} with crypto-js (${times(cryptoJs.roundTripMs, noble.roundTripMs)}), ${f.sameCiphertext ? 'identical ciphertext for the same IV' : 'DIFFERENT ciphertext for the same IV'}; weight ${bytes(noble.bundleGzip)} against ${bytes(cryptoJs.bundleGzip)} gzip. crypto-js's README says it is discontinued. |`,
    `| lz-string | Not used: compression is deflate from \`fflate\` (\`core/codec.ts\`, in the browser and on the server). The body deflates to ${bytes(fflate.bytes ?? 0)}; lz-string (\`compressToUint8Array\`) makes ${bytes(lzString.bytes ?? 0)} of it (${percentMore(lzString.bytes ?? 0, fflate.bytes ?? 0)}). Compress + decompress takes ${ms(fflate.roundTripMs)} with fflate and ${ms(lzString.roundTripMs)} with lz-string (${times(lzString.roundTripMs, fflate.roundTripMs)}). lz-string weighs less: ${bytes(lzString.bundleGzip)} gzip against ${bytes(fflate.bundleGzip)} for fflate's \`deflateSync\` and \`Inflate\`. |`,
    `| goober | Not used: the site has one plain stylesheet (\`site/styles.css\`) and each widget renders its CSS as a string in a \`<style>\` inside its shadow root (e.g. \`widgets/support-chat/themeStyles.ts\`), with no runtime. The widgets' first download is ${kb(w.shipped)} gzip; with goober's \`css\`, \`glob\` and \`keyframes\` added to the same build, ${kb(w.withGoober)} (+${bytes(w.withGoober - w.shipped)}), for the same CSS. |`,
    '| vite | Builds the site (`vite.config.ts`) and the widgets (`vite.widgets.config.ts`); `npm start` rebuilds when they are stale (`server/http/siteBuild.ts`); serves the modules to the browser tests (`test/web-test-runner.config.mjs`). |',
    '| @web/test-runner | The component tests in Chromium (`site/**/*.test.tsx`, `widgets/**/*.test.ts(x)`): `test/web-test-runner.config.mjs`, `npm run test:browser`, part of `npm test`. |',
    '| playwright | The end-to-end tests (`test/e2e/`, `test/playwright.config.ts`, `npm run test:e2e`, part of `npm test`), the browser launcher of @web/test-runner (`@web/test-runner-playwright`) and the widget start-up bench (`bench/widgets.ts`). |',
  ].join('\n');
}

/** Measures, prints the table and rewrites the `packages` section of docs/measurements.md; `npm run bench` calls it. */
export async function reportPackages(machine: string): Promise<void> {
  const table = packagesTable(await benchPackages(), machine);
  console.log(`\n${table}`);
  writeMeasurements('packages', table);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await reportPackages(`${cpus().length} cores, Node ${process.versions.node}`);
}
