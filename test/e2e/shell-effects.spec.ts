/**
 * The shell's behaviour: the global notice modal, the FAQ, the calls
 * made on each route change, and the ad pixel's consent rule.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import {
  apiCall,
  apiMethod,
  DEMO,
  decodeApiBody,
  PIXEL_ORIGIN,
  preAcceptCookies,
  recordMethods,
  sha256,
  signIn,
  staffToken,
} from './shellHelpers.ts';

async function publishNotice(page: Page, notice: Record<string, unknown>) {
  await page.goto('/no-such-page');
  const token = await staffToken(page);
  const reply = await apiCall(page, 'notices.publish', notice, token);
  expect(reply.status, JSON.stringify(reply)).toBe(true);
}

test.describe('global notice modal', () => {
  test.afterEach(async ({ page }) => {
    await publishNotice(page, { clear: true });
  });

  test('shows the notice sanitised, with its border colour; Escape closes it for good', async ({
    page,
    allowConsole,
  }) => {
    // DOMPurify parses the notice in a document that inherits the page's Content Security Policy,
    // and Chromium reports the `onerror` it meets there as refused; it never runs (asserted below).
    allowConsole(/Executing inline event handler violates the following Content Security Policy/);
    await publishNotice(page, {
      title: 'Scheduled maintenance',
      type_id: 1,
      description:
        '<p>Trading pauses at <b>02:00 UTC</b>.</p><img src="x" onerror="window.__hacked=1"><script>window.__hacked=2</script>',
    });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Scheduled maintenance' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.locator('b')).toHaveText('02:00 UTC');
    expect(await dialog.innerHTML()).not.toContain('onerror');
    expect(await dialog.innerHTML()).not.toContain('<script');
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    await expect(dialog).toHaveCSS('border-top-color', 'rgb(255, 107, 107)');
    // Focus starts inside and stays trapped there.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('each footer button closes the modal first, then goes its way; outside click closes', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    await publishNotice(page, { title: 'Deposit bonus', type_id: 2, description: '<p>Hi</p>' });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Deposit bonus' });
    await expect(dialog).toBeVisible();
    const reopen = async () => {
      await page.evaluate(() => localStorage.removeItem('notice_closed'));
      await page.goto('/');
      await expect(dialog).toBeVisible();
    };
    await expect(dialog).toHaveCSS('border-top-color', 'rgb(61, 220, 151)');
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/account\/deposit$/);

    await reopen();
    await dialog.getByRole('button', { name: 'Buy crypto' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/account\/buy-crypto$/);

    await reopen();
    await dialog.getByRole('button', { name: 'Support' }).click();
    await expect(dialog).toHaveCount(0);

    await reopen();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('FAQ', () => {
  test('3 skeletons while loading, then the sections; search filters by question', async ({
    page,
  }) => {
    let hold = false;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api', async (route) => {
      if (hold) await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    hold = true;
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Have a question?' })).toBeVisible();
    await expect(page.getByTestId('faq-skeleton')).toHaveCount(3);
    hold = false;
    release();
    await expect(page.getByTestId('faq-skeleton')).toHaveCount(0);
    for (const section of ['Security', 'Deposits', 'Withdrawals']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }

    const search = page.getByLabel('Search the questions');
    await search.fill('WITHDRAW');
    const questions = page.locator('summary');
    await expect(questions.first()).toBeVisible();
    for (const text of await questions.allTextContents())
      expect(text.toLowerCase()).toContain('withdraw');
    await expect(page.getByText('How do I withdraw?')).toBeVisible();
    await expect(page.getByText('How do I deposit crypto?')).toHaveCount(0);

    await search.fill('no such words here');
    await expect(page.getByText(/No questions match/)).toBeVisible();
    await expect(questions).toHaveCount(0);

    await search.fill('');
    await page.getByText('How is my password stored?').click();
    await expect(page.getByText(/Only as a scrypt hash/)).toBeVisible();
  });

  for (const anchor of ['security', 'withdrawal', 'deposit']) {
    test(`/faq#${anchor} lands on its section`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 600 });
      await page.goto(`/faq#${anchor}`);
      await expect(page.locator(`section#${anchor}`)).toBeInViewport();
    });
  }
});

test('route changes: visitor metric and profile reload each time, PageView only after consent', async ({
  page,
}) => {
  const methods = recordMethods(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => methods.filter((m) => m === 'metrics.addVisitor').length).toBe(1);
  expect(methods).toContain('currencies.getItems');
  expect(methods).toContain('notices.getCurrent');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
  await expect.poll(() => methods.filter((m) => m === 'metrics.addVisitor').length).toBe(2);
  expect(methods.filter((m) => m === 'users.getInfo').length).toBeGreaterThanOrEqual(2);
  expect(methods.filter((m) => m.startsWith('metrics.addEvent'))).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page
    .getByRole('region', { name: 'Cookie notice' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect.poll(() => methods.filter((m) => m === 'metrics.addEvent:PageView').length).toBe(1);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect.poll(() => methods.filter((m) => m === 'metrics.addEvent:PageView').length).toBe(2);
  expect(methods.filter((m) => m === 'metrics.addVisitor').length).toBe(3);
});

test.describe('pxid pixel', () => {
  function recordPixel(page: Page): URL[] {
    const hits: URL[] = [];
    void page.route(`${PIXEL_ORIGIN}/**`, (route) => {
      hits.push(new URL(route.request().url()));
      return route.fulfill({ status: 204 });
    });
    return hits;
  }

  test('fires only after consent, and identifies a signed-in user by hashes only', async ({
    page,
  }) => {
    const hits = recordPixel(page);
    const methods = recordMethods(page);
    await page.goto('/?pxid=campaign-7');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Markets' }).click();
    // Both pages' route effects have run (the pixel would go from the same pass): checked below.
    await expect.poll(() => methods.filter((m) => m === 'metrics.addVisitor').length).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('pxid'))).toBe('campaign-7');

    await page
      .getByRole('region', { name: 'Cookie notice' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => hits.length).toBe(1);
    expect(hits[0]?.searchParams.get('id')).toBe('campaign-7');
    expect(hits[0]?.searchParams.get('ev')).toBe('PageView');
    expect(hits[0]?.searchParams.has('em')).toBe(false);

    // Sign in on the same page load (client-side), then the next page view carries the hashes.
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect.poll(() => hits.some((hit) => hit.searchParams.has('em'))).toBe(true);
    // No consent, no pixel: up to the identified hit there is one per page shown after consent
    // (Markets on accepting, the sign-in page, the account). A hit from either page shown before
    // consent would have gone first, seconds before the last of these.
    const identifiedAt = hits.findIndex((hit) => hit.searchParams.has('em'));
    expect(
      hits.slice(0, identifiedAt + 1).map((hit) => hit.searchParams.has('em')),
      'one hit per page view after consent, none before',
    ).toEqual([false, false, true]);
    const identified = hits[identifiedAt];
    expect(identified?.searchParams.get('em')).toBe(sha256(DEMO.email));
    for (const hit of hits) {
      expect(hit.href).not.toContain('demo@');
      expect(hit.href).not.toContain('demo%40');
    }
  });

  test('never fires without pxid in the URL, even with consent', async ({ page }) => {
    const hits = recordPixel(page);
    const methods = recordMethods(page);
    await preAcceptCookies(page);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // With consent each page sends its PageView, and the pixel would go from the same effect. The
    // next page's PageView comes a whole navigation later: by then the first pixel would be here.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect
      .poll(() => methods.filter((m) => m === 'metrics.addEvent:PageView').length)
      .toBe(2);
    expect(hits.map((hit) => hit.href)).toEqual([]);
  });
});

/** What the stand-in push service hands the page: PushSubscription.toJSON()'s shape. */
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/e2e-subscription',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

test('the service worker is registered at /sw.js, and 5 s later a signed-in user subscribes to push', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  // This closed network has no push service, so Chromium's own subscribe() can only fail (and
  // silently). Stand in for the service as a browser with one would answer, and keep
  // the server key the page subscribed with.
  await page.addInitScript((subscription) => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async (options) => {
      const key = new Uint8Array(options?.applicationServerKey as Uint8Array);
      (window as { pushKey?: string }).pushKey = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      return { ...subscription, toJSON: () => subscription } as unknown as PushSubscription;
    };
  }, PUSH_SUBSCRIPTION);
  const subscribed = page.waitForRequest((request) => apiMethod(request) === 'push.subscribe', {
    timeout: 15_000,
  });
  await signIn(page, DEMO);
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(new URL(scope).pathname).toBe('/sw.js');

  const request = await subscribed;
  const sent = decodeApiBody(request.postDataBuffer());
  expect(JSON.parse(String(sent?.subscription))).toEqual(PUSH_SUBSCRIPTION);
  const reply = await request.response();
  expect(decodeApiBody((await reply?.body()) ?? null)).toEqual({ status: true });
  const { publicKey } = await apiCall(page, 'push.getPublicKey', {});
  expect(await page.evaluate(() => (window as { pushKey?: string }).pushKey)).toBe(publicKey);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
