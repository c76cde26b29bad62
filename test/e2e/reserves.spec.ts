/**
 * Proof of reserves, end to end: staff take a snapshot from the Dashboard; the demo account, which
 * holds funds, opens its proof page from the account menu and sees its proof verified in the
 * browser, downloads the proof file, and the standalone verifier accepts that file against the
 * root the public page publishes, where every asset's ratio shows. The three pages pass axe and
 * fit a 390 px phone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { animationsSettled, DEMO, preAcceptCookies, STAFF, signIn } from './shellHelpers.ts';

const VERIFIER = join(import.meta.dirname, '..', '..', 'clients', 'verify-proof.mjs');

test.describe.configure({ mode: 'serial' });

/** A browser context of its own, cookies accepted, signed in as `account`. */
async function signedIn(browser: Browser, account: typeof DEMO): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await preAcceptCookies(page);
  await signIn(page, account);
  return page;
}

async function axeClean(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

/** The page fits a 390 px phone: nothing wider than the screen but inside a table's scroller. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
}

/** Staff take a snapshot in the Dashboard: its number, from the announcement. */
async function staffTakeSnapshot(page: Page): Promise<number> {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Proof of reserves' })
    .click();
  await expect(page).toHaveURL(/\/account\/admin\/reserves$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();
  await page.getByRole('button', { name: 'Take a snapshot now' }).click();
  const status = page.getByRole('status').filter({ hasText: /^Snapshot #\d+ taken/ });
  await expect(status).toBeVisible({ timeout: 60_000 });
  const id = Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  const newest = page.getByTestId('reserve-snapshot').first();
  await expect(newest.getByRole('rowheader')).toHaveText(`#${id}`);
  await expect(newest).toContainText(/Staff #\d+/);
  await expect(newest).toContainText('BTC');
  await axeClean(page);
  return id;
}

test('staff take a snapshot; the account verifies itself in the page and with the standalone verifier; the public page shows the ratios', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await signedIn(browser, STAFF);
  const snapshotId = await staffTakeSnapshot(staff);

  // The account checks itself, from the account menu.
  const page = await signedIn(browser, DEMO);
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Proof of reserves' }).click();
  await expect(page).toHaveURL(/\/account\/proof-of-reserves$/);
  const verdict = page.getByTestId('proof-verdict');
  await expect(verdict).toHaveText(
    `Verified: your balances are counted in the root published for snapshot #${snapshotId}.`,
  );
  for (const step of ['file', 'amounts', 'leaf', 'path', 'root']) {
    await expect(page.getByTestId(`proof-check-${step}`)).toContainText('Passed');
  }
  // The demo account holds USDT: the snapshot counted it.
  await expect(page.getByTestId('counted-balance').filter({ hasText: 'USDT' })).not.toHaveText(
    /USDT0$/,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download proof file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`proof-of-reserves-snapshot-${snapshotId}.json`);
  const file = join(mkdtempSync(join(tmpdir(), 'reserves-e2e-')), download.suggestedFilename());
  await download.saveAs(file);
  await axeClean(page);

  // The public page, from the footer: the root the file is checked against, and the ratios.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of reserves' }).click();
  await expect(page).toHaveURL(/\/proof-of-reserves$/);
  await expect(
    page.getByRole('heading', { name: `Latest snapshot (#${snapshotId})` }),
  ).toBeVisible();
  const root = (await page.getByTestId('reserves-root').textContent()) ?? '';
  expect(root).toMatch(/^[0-9a-f]{64}$/);
  const totals = page.getByRole('table', { name: 'Liabilities and reserves per asset' });
  const rows = totals.getByTestId('reserve-asset');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.locator('td').last()).toHaveText(
      /^(\d[\d,]*(\.\d+)? %(Short)?|Nothing owed)$/,
    );
  }
  await expect(rows.filter({ hasText: 'USDT' }).locator('td').last()).toContainText('%');
  await expect(page.getByTestId('reserve-snapshot').first().getByRole('rowheader')).toHaveText(
    `#${snapshotId}`,
  );
  await axeClean(page);

  // The standalone verifier, as a person runs it, on the downloaded file and the published root.
  const run = spawnSync(process.execPath, [VERIFIER, file, root], { encoding: 'utf8' });
  expect(`${run.stdout}${run.stderr}`).toMatch(
    new RegExp(`^OK: account \\d+ is counted in snapshot ${snapshotId}\\n`),
  );
  expect(run.status).toBe(0);

  // Both pages fit a phone.
  await fitsPhone(page);
  await page.goto('/account/proof-of-reserves');
  await expect(verdict).toContainText('Verified');
  await fitsPhone(page);
});
