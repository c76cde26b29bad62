/**
 * API keys in Chromium: a key made on the Settings page, its secret read off the page once; a
 * request signed with it from here, as a trading program signs (docs/programs.md), answered as
 * the account, its last use then shown on the page; the key revoked on the page, after which the
 * same signed request is refused as an unknown key. The section passes axe with the secret shown.
 */
import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './consoleGuard.ts';

const PASSWORD = 'correct horse battery';

/** POSTs `users.getInfo` to the server signed with an HMAC key; the HTTP status and the body. */
async function signedGetInfo(baseURL: string, keyId: string, secret: string) {
  const body = JSON.stringify({ method: 'users.getInfo' });
  const timestamp = Date.now();
  const prehash = `${timestamp}\n5000\nusers.getInfo\n${body}`;
  const response = await fetch(`${baseURL}/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': keyId,
      'x-api-timestamp': String(timestamp),
      'x-api-signature': createHmac('sha256', secret).update(prehash).digest('hex'),
    },
    body,
  });
  return { status: response.status, reply: (await response.json()) as Record<string, unknown> };
}

test('make an API key in Settings, sign a call with it, revoke it, and see the call refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const email = `e2e-keys-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/account/profile');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await section.getByLabel('Label').fill('e2e bot');
  await section.getByLabel('Trade').check();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Create API key' }).click();

  const panel = section.getByRole('region', { name: 'API key “e2e bot” created' });
  await expect(panel).toBeFocused();
  const keyId = (await panel.getByTestId('api-key-id').textContent()) ?? '';
  const secret = (await panel.getByTestId('api-key-secret').textContent()) ?? '';
  expect(keyId).toMatch(/^ak_[A-Za-z0-9_-]{24}$/);
  expect(secret.length).toBeGreaterThanOrEqual(32);
  const axe = await new AxeBuilder({ page })
    .include('#api-keys')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  const signed = await signedGetInfo(origin, keyId, secret);
  expect(signed.status, JSON.stringify(signed.reply)).toBe(200);
  expect(signed.reply.status).toBe(true);
  expect((signed.reply.user as { email?: string }).email).toBe(email);

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  // The last use is written after the answer: read the list again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('api-key-last-use')).toContainText('from 127.0.0.1', {
      timeout: 2000,
    });
  }).toPass();

  await section.getByRole('button', { name: 'Revoke e2e bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the key “e2e bot”?' });
  await expect(dialog).toContainText(keyId);
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: 'Revoked “e2e bot”' })).toHaveCount(1);

  const refused = await signedGetInfo(origin, keyId, secret);
  expect(refused.status).toBe(401);
  expect(refused.reply).toMatchObject({ status: false, error_code: 'apiKey.unknown' });
});
