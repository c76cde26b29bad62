import type { Page, Request } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { MONEY } from './shellHelpers.ts';

/** Records every API request body the page sends, as the browser saw it. */
function recordApiBodies(page: Page): Buffer[] {
  const bodies: Buffer[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === '/api') {
      const body = request.postDataBuffer();
      if (body) bodies.push(body);
    }
  });
  return bodies;
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

// Tagged: balances are money, so this runs on PostgreSQL too (playwright.config.ts).
test('sign up, see zero balances, sign out, and be sent to /signup from /account', {
  tag: MONEY,
}, async ({ page, baseURL }) => {
  const bodies = recordApiBodies(page);
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('wallet-total')).toHaveText('$0.0000');
  for (const ticker of ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX', 'USDT']) {
    await expect(page.getByTestId(`wallet-${ticker}`)).toContainText('$0.0000');
  }
  await expect(page.getByTestId('header-balance')).toHaveText('$0.0000');
  await expect(page.getByText(email).first()).toBeVisible();

  // Log out sits in the header's account menu.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

  await page.goto('/account');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The redirect replaced /account in history: going back returns to the sign-in page.
  await page.goBack();
  await expect(page).toHaveURL(/\/signin$/);

  expect(bodies.length).toBeGreaterThan(5);
  const onLocalhost = new URL(baseURL ?? '').hostname === 'localhost';
  for (const body of bodies) {
    if (onLocalhost) {
      expect(isJson(body), 'localhost sends plain JSON').toBe(true);
    } else {
      expect(isJson(body), 'other hosts send codec bodies').toBe(false);
      expect(body[0], 'codec bodies start with the compact version byte').toBe(2);
    }
  }
});

test('a wrong password shows the server error and keeps the visitor signed out', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the demo account shows its deposits, and the header total equals the wallets', {
  tag: MONEY,
}, async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('demo-password-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('wallet-BTC')).toContainText('0.05');
  await expect(page.getByTestId('wallet-USDT')).toContainText('2,500');
  const total = await page.getByTestId('wallet-total').textContent();
  expect(total).not.toBe('$0.0000');
  await expect(page.getByTestId('header-balance')).toHaveText(total ?? '');
  await expect(page.getByTestId('overview-balance')).toHaveText(total ?? '');
});
