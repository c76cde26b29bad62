/**
 * Two-factor sign-in in Chromium: turned on from the Settings page with a code made from the
 * manual key (as an authenticator app would), the recovery codes copied, the header's badge
 * following it; then signing out and back in asks for the code, refuses a wrong one and accepts
 * the app's next one. The page passes axe and fits a phone's width.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { totpCode } from '../../server/accounts/totp.ts';
import { expect, test } from './consoleGuard.ts';

const PASSWORD = 'correct horse battery';

/** The authenticator app's code `steps` 30-second steps from now. */
const codeOf = (key: string, steps = 0) => totpCode(key, Date.now() + steps * 30_000);

/** The header's 2FA badge as a screen reader reads it ("2FA: yes" or "2FA: no"). */
async function twoFactorBadge(page: Page): Promise<string> {
  await page.getByRole('button', { name: /account menu/ }).click();
  const badge = page
    .getByRole('list', { name: 'Account status' })
    .getByRole('listitem')
    .filter({ hasText: '2FA' });
  const text = (await badge.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

test('turn two-factor on, sign out, and sign in with a code; a wrong code is refused', async ({
  page,
  context,
  baseURL,
}) => {
  // A long flow with an axe scan, on a shared two-core machine.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const email = `e2e-2fa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await twoFactorBadge(page)).toBe('2FA: no');

  // Settings is the account menu's link to the profile page.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Status: Off');

  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = ((await page.locator('.two-factor-key').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByLabel('Code from the app').fill(codeOf(key));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByTestId('two-factor-state')).toHaveText('Status: On');
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('Recovery codes copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toEqual(await codes.allTextContents());
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(codes).toHaveCount(0);
  expect(await twoFactorBadge(page)).toBe('2FA: yes');

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  const wrong = String((Number(codeOf(key, 1)) + 500_000) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await expect(page).toHaveURL(/\/signin$/);

  // The code that turned it on was used; the app's next one signs in.
  await code.fill(codeOf(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await twoFactorBadge(page)).toBe('2FA: yes');
});
