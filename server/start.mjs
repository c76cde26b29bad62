/**
 * `npm start`: runs the server (main.ts) as JavaScript bundled ahead of time into
 * dist/server/main.mjs, rebuilt here first when it is missing or older than any file it was made
 * from. Node then runs plain JavaScript (this file is plain JavaScript too): a TypeScript loader
 * (tsx) runs its module hooks on a thread with a V8 heap of its own for the life of the process,
 * about 46 MB of an idle server. The tests and the other scripts run the TypeScript through tsx.
 */
import { mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO_ROOT = resolve(import.meta.dirname, '..');
/** Where the bundle goes: dist/server, or SERVER_BUNDLE_DIR (start.test.ts builds into a scratch one). */
const OUT_DIR = process.env.SERVER_BUNDLE_DIR
  ? resolve(process.env.SERVER_BUNDLE_DIR)
  : join(REPO_ROOT, 'dist', 'server');
const BUNDLE = join(OUT_DIR, 'main.mjs');
/** What the bundle was made from, repository-relative: any of them changing makes it stale. */
const INPUTS = join(OUT_DIR, 'inputs.json');
/** Files that shape the build without being part of it. */
const BUILD_FILES = [
  'server/start.mjs',
  'tsconfig.base.json',
  'server/tsconfig.json',
  'package.json',
];

/** Whether the bundle is missing, or older than a file it was made from (or that file is gone). */
async function isStale() {
  const built = await stat(BUNDLE).catch(() => null);
  const inputs = await readFile(INPUTS, 'utf8').then(JSON.parse, () => null);
  if (built === null || !Array.isArray(inputs)) return true;
  const sources = await Promise.all(
    inputs.map((input) => stat(join(REPO_ROOT, input)).catch(() => null)),
  );
  return sources.some((source) => source === null || source.mtimeMs > built.mtimeMs);
}

/**
 * Bundles main.ts and everything of this repository it imports into one ES module; packages stay
 * imports (`packages: 'external'`), found in node_modules from dist/server as from server/.
 */
async function build() {
  const started = Date.now();
  // Loaded only to build: a start on a fresh bundle does not hold the bundler in memory.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [join(REPO_ROOT, 'server', 'main.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      write: false,
      metafile: true,
      // Read only when Node runs with --enable-source-maps: stack traces then name the .ts lines.
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'error',
      absWorkingDir: REPO_ROOT,
      outfile: BUNDLE,
      plugins: [sourceLocations],
    });
    const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_FILES];
    await mkdir(OUT_DIR, { recursive: true });
    await writeAtomically(INPUTS, JSON.stringify(inputs));
    // The bundle last (its map first), dated when the build began: a source saved while it ran
    // is newer.
    const outputs = result.outputFiles.sort(
      (a, b) => Number(a.path === BUNDLE) - Number(b.path === BUNDLE),
    );
    for (const output of outputs) await writeAtomically(output.path, output.contents);
    await utimes(BUNDLE, started / 1000, started / 1000);
  } catch (error) {
    if (!Array.isArray(error?.errors)) throw error;
    // esbuild has printed what is wrong, with the file and line.
    console.error('Could not build the server: see the errors above.');
    process.exit(1);
  } finally {
    await esbuild.stop();
  }
  console.log(
    `Built the server into ${relative(REPO_ROOT, BUNDLE)} in ${Date.now() - started} ms.`,
  );
}

/**
 * Writes a file under a name of this process's, then renames it: a server starting alongside
 * reads the old file or the new one, never half of one.
 */
async function writeAtomically(path, contents) {
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, contents);
  await rename(partial, path);
}

/**
 * Keeps `import.meta.url` and `import.meta.dirname` pointing where each source file lives, so the
 * files found beside it (the database thread's script, the site's folder, the protocol's sources)
 * resolve as they do from TypeScript; written relative to the bundle, the build still works if
 * the repository moves.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|mts|tsx|js|mjs)$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const url = `new URL(${JSON.stringify(relativeUrl(path))}, import.meta.url)`;
      const contents = text
        .replaceAll('import.meta.url', `${url}.href`)
        .replaceAll('import.meta.filename', `__sourcePath(${url})`)
        .replaceAll('import.meta.dirname', `__sourcePath(new URL('.', ${url}))`);
      const helper = "import { fileURLToPath as __sourcePath } from 'node:url';\n";
      return { contents: helper + contents, loader: LOADERS[extname(path)] ?? 'js' };
    });
  },
};

/** `path` as a URL relative to the bundle's folder (`../../server/storage/db.ts`). */
function relativeUrl(path) {
  return relative(OUT_DIR, path).split(sep).map(encodeURIComponent).join('/');
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js' };

if (await isStale()) await build();
await import(pathToFileURL(BUNDLE).href);
