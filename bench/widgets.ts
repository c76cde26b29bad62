/**
 * The widget suite on a partner page: the weight a page downloads before all four elements render
 * (bench/widgetSize.ts, gzipped), and the time from the loader's arrival to the first and to the
 * last rendered element, in Chromium, on a blank page of another origin with all four elements,
 * each run in a fresh browser context (cold cache), over loopback. Each run also checks that the
 * page fetched no widget file before all four rendered that the size check does not count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { ensureSiteBuilt } from '../server/http/siteBuild.ts';
import { createServer, loadConfig } from '../server/index.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';
import { startPartnerSite } from '../test/e2e/partnerServer.ts';
import { median } from './median.ts';
import { WIDGET_BUDGET_GZ, type WidgetSizes, widgetBundleSize } from './widgetSize.ts';

/** What the run measured. */
export interface WidgetFigures {
  sizes: WidgetSizes;
  runs: number;
  /** Median milliseconds from the loader's response end to the first element rendered. */
  firstElementMs: number;
  /** Median milliseconds to all four elements defined and rendered. */
  allElementsMs: number;
}

const TAGS = ['live-counter', 'support-chat', 'notice-modal', 'faq-search'];

/** Measures `runs` cold loads. */
export async function benchWidgets(runs = 15): Promise<WidgetFigures> {
  const siteDir = 'dist/site';
  await ensureSiteBuilt(siteDir, (line) => console.log(line));
  const sizes = widgetBundleSize(siteDir);
  const partner = await startPartnerSite(0);
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-widgets-'));
  const app = await createServer(
    loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: join(dataDir, 'db'),
      SITE_DIR: siteDir,
      ALLOWED_ORIGINS: partner.origin,
    }),
  );
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const exchange = await app.listen({ host: '127.0.0.1', port: 0 });
    const loader = `${exchange}/widgets.js`;
    // Elements upgrade and render synchronously when defined, so whenDefined marks the render.
    const url = partner.page(`<!doctype html><html lang="en"><head><title>Bench</title>
<script>
  window.rendered = Promise.all(${JSON.stringify(TAGS)}.map((tag) =>
    customElements.whenDefined(tag).then(() => ({
      tag, at: performance.now(),
      drawn: !!document.querySelector(tag).shadowRoot,
    }))));
</script>
<script src="${loader}" async></script></head><body>
<live-counter></live-counter><faq-search slug="deposit"></faq-search>
<notice-modal></notice-modal><support-chat></support-chat></body></html>`);
    const first: number[] = [];
    const all: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      const times = await page.evaluate(async (script) => {
        const marks = await (
          window as unknown as { rendered: Promise<{ at: number; drawn: boolean }[]> }
        ).rendered;
        const entry = performance.getEntriesByName(script)[0] as PerformanceResourceTiming;
        if (!marks.every((mark) => mark.drawn)) throw new Error('an element did not render');
        const at = marks.map((mark) => mark.at - entry.responseEnd);
        const base = new URL('.', script).href;
        const fetched = performance
          .getEntriesByType('resource')
          .filter((resource) => resource.name.startsWith(`${base}widgets`))
          .map((resource) => resource.name.slice(base.length));
        return { first: Math.min(...at), all: Math.max(...at), fetched };
      }, loader);
      const uncounted = times.fetched.filter((file) => !sizes.files.includes(file));
      if (uncounted.length > 0) {
        throw new Error(`Fetched before all four rendered, not in the size check: ${uncounted}`);
      }
      first.push(times.first);
      all.push(times.all);
      await context.close();
    }
    return { sizes, runs, firstElementMs: median(first), allElementsMs: median(all) };
  } finally {
    await browser.close();
    await app.close();
    await partner.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measurements section for the figures. */
export function widgetTable(figures: WidgetFigures, machine: string): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const { sizes } = figures;
  return [
    `The widget suite as built (\`dist/site/widgets.js\` and \`dist/site/widgets/\`), gzip -9, and its`,
    `start-up in headless Chromium on a blank page of another origin with all four elements, median of`,
    `${figures.runs} cold loads over loopback (${machine}).`,
    '',
    '| what | figure |',
    '|---|---|',
    `| before all four elements render: ${sizes.files.map((file) => `\`${file.replace(/-[\w-]{8}\.js$/, '.js')}\``).join(' + ')} | ${kb(sizes.gzip)} gzip (budget ${kb(WIDGET_BUDGET_GZ)}) |`,
    ...sizes.lazy.map((chunk) => `| loaded on demand: ${chunk.name} | ${kb(chunk.gzip)} gzip |`),
    `| loader arrived -> first element rendered | ${figures.firstElementMs.toFixed(1)} ms |`,
    `| loader arrived -> all four elements rendered | ${figures.allElementsMs.toFixed(1)} ms |`,
    '',
    'The chat panel loads on first open (or at once when a chat session already exists), the',
    'notice modal and its HTML sanitiser only when there is a notice, the FAQ dialog on first use.',
    'In every run the page fetched no widget file before all four rendered but those counted.',
  ].join('\n');
}
