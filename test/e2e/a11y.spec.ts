/** Accessibility: axe-core finds no violations on the site's main pages and menus (WCAG 2.1 AA rules). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { animationsSettled, DEMO, signIn } from './shellHelpers.ts';

async function expectNoViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

const pages: [string, string | RegExp][] = [
  ['/', /^Trade crypto on/],
  ['/faq', 'Have a question?'],
  ['/signin', /Log in|Welcome back|Sign in/i],
  ['/terms-of-service', 'Terms of Service'],
];

for (const [path, heading] of pages) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page);
  });
}

test('the account overview has no axe violations', async ({ page }) => {
  await signIn(page, DEMO);
  await expect(page.getByTestId('wallet-total')).toBeVisible();
  await expectNoViolations(page);
});

test('the mobile menu and the account menu have no axe violations when open', async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByRole('button', { name: /account menu/ }).click();
  await expectNoViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Careers' }),
  ).toBeVisible();
  await expectNoViolations(page);
});
