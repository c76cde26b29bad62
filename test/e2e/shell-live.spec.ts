/**
 * Live mode: a second server with LIVE_MODE=on shows the live home, the live branding,
 * no Fiat On-Ramp link, and the widget suite's visitor chat and live counter to signed-out
 * visitors; the main e2e server (live mode off) shows the ordinary ones.
 */
import { expect, test } from './consoleGuard.ts';
import { serverOfItsOwn } from './ownServer.ts';

const server = serverOfItsOwn({
  portOffset: 10,
  name: 'live',
  env: { LIVE_MODE: 'on', DEMO_ACCOUNT: 'off' },
});

test('live mode on: the live home, live branding, no Fiat On-Ramp', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.at(baseURL, '/'));
  await expect(page.getByRole('heading', { level: 1, name: /Live: trade along/ })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Fiat On-Ramp' })).toHaveCount(0);
  // Live mode's chat for signed-out visitors is our own <support-chat>, as a visitor chat.
  const chat = page.locator('support-chat');
  await chat.getByRole('button', { name: 'Live Support' }).click();
  await expect(chat.getByRole('button', { name: 'Start chat' })).toBeVisible();
  await chat.getByRole('button', { name: 'Close live support' }).click();
  await expect(page.locator('live-counter').locator('[part="dot"]')).toHaveAttribute(
    'data-connected',
    'true',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Fiat On-Ramp' }),
  ).toHaveCount(0);
});

test('live mode off: the ordinary home, no live branding, Fiat On-Ramp shown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Trade crypto on/ })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fiat On-Ramp' }),
  ).toHaveAttribute('href', '/buy-crypto');
  await expect(page.locator('support-chat')).toHaveCount(0);
});
