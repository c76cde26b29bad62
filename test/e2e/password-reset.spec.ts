/**
 * A forgotten password end to end, on the local outbox a plain `npm start` uses: the person asks
 * for a link, reads the mail at /dev/outbox, sets a new password, and finds the browser that was
 * signed in signed out; the old password no longer works and the new one does.
 */
import { expect, test } from './consoleGuard.ts';
import { mailedLink } from './outbox.ts';
import { preAcceptCookies } from './shellHelpers.ts';

const OLD_PASSWORD = 'the old password 1';
const NEW_PASSWORD = 'the new password 2';

test('forgot password → the mail in the outbox → a new password → old sessions signed out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `reset-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const options = baseURL ? { baseURL } : {};

  // A browser that stays signed in through the reset.
  const signedIn = await (await browser.newContext(options)).newPage();
  await preAcceptCookies(signedIn);
  await signedIn.goto('/signup');
  await signedIn.getByLabel('Email').fill(email);
  await signedIn.getByLabel('Password').fill(OLD_PASSWORD);
  await signedIn.getByRole('button', { name: 'Create account' }).click();
  await expect(signedIn).toHaveURL(/\/account$/);

  // Another browser, where the password is forgotten.
  const page = await (await browser.newContext(options)).newPage();
  await preAcceptCookies(page);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');

  // The mail, in the outbox of this machine.
  // Followed on the site's own origin, as the project opens it.
  const link = await mailedLink(page, email, 'Set a new Exchange password', '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your new password is set' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another password 3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has already been used.');

  // The browser that was signed in is signed out.
  await signedIn.goto('/account');
  await expect(signedIn).toHaveURL(/\/signup$/);

  // The old password is refused; the new one signs in.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A notice that the password changed went out too.
  await page.goto('/dev/outbox');
  await expect(
    page.getByRole('article').filter({ hasText: email }).getByRole('heading', {
      name: 'Your Exchange password was changed',
    }),
  ).toBeVisible();
  await signedIn.context().close();
  await page.context().close();
});

test('sign-up → the verification mail in the outbox → confirmed → the banner goes', async ({
  page,
}) => {
  const email = `verify-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await preAcceptCookies(page);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(email);

  await page.goto(
    await mailedLink(page, email, 'Confirm your email address for Exchange', '/verify-email'),
  );
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  await expect(banner).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
