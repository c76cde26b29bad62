/** Helpers shared by the site-shell end-to-end specs. */
import { createHash } from 'node:crypto';
import { type Browser, expect, type Page, type Request } from '@playwright/test';
import { DEV_CODEC_KEY, decode, parseCodecKey } from '../../core/codec.ts';
import { totpCode } from '../../server/accounts/totp.ts';

/** The staff account the Playwright web server ensures (see playwright.config.ts). */
export const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };

/** The demo account every e2e server seeds. */
export const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };

/** Where the pixel hits go in the e2e server's configuration (intercepted, never reached). */
export const PIXEL_ORIGIN = 'https://pixel.example.com';

/** SHA-256 hex, as the pixel hashes identifiers. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Signs in through the real form and waits for the overview. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * Turns two-factor on from the Settings page (at `profileUrl`) and returns the manual key, as an
 * authenticator app would keep it.
 */
export async function turnOnTwoFactor(
  page: Page,
  profileUrl = '/account/profile',
): Promise<string> {
  await page.goto(profileUrl);
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const key = ((await page.locator('.two-factor-key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(totpCode(key, Date.now()));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Status: On');
  return key;
}

/**
 * A page in a new context of `browser` (paths relative to `origin`), signed in there through the
 * API, cookies accepted:
 * the session's token is in local storage from the first load, where the sign-in form leaves it.
 * For flows about something else, it spares the sign-in page and the overview it lands on.
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  account: { email: string; password: string },
): Promise<Page> {
  const answer = await fetch(`${origin}/api`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ method: 'users.signIn', token: '', subId: '', ...account }),
  });
  const reply = (await answer.json()) as { status: boolean; token?: string };
  expect(reply.status, JSON.stringify(reply)).toBe(true);
  const localStorage = [
    { name: 'token', value: reply.token ?? '' },
    { name: 'cookies_accepted', value: 'true' },
  ];
  const context = await browser.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [{ origin, localStorage }] },
  });
  return context.newPage();
}

/** Marks cookies accepted before any page script runs. */
export async function preAcceptCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookies_accepted', 'true'));
}

/** Calls the API from inside the page (same origin, so the Origin check passes) as plain JSON. */
export function apiCall(
  page: Page,
  method: string,
  params: Record<string, unknown>,
  token = '',
): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ({ method, params, token }) => {
      const response = await fetch('/api', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ method, token, subId: '', ...params }),
      });
      return (await response.json()) as Record<string, unknown>;
    },
    { method, params, token },
  );
}

/** Signs staff in through the API and returns the session token. */
export async function staffToken(page: Page): Promise<string> {
  const reply = await apiCall(page, 'users.signIn', STAFF);
  expect(reply.status, JSON.stringify(reply)).toBe(true);
  return reply.token as string;
}

/**
 * The tag of specs that move or show money: they run through localhost (JSON bodies) on PGlite and
 * through 127.0.0.1 (codec bodies) on PostgreSQL (playwright.config.ts).
 */
export const MONEY = '@money';

const codecKey = parseCodecKey(DEV_CODEC_KEY);

/**
 * An API request or reply body, decoded: plain JSON (localhost) or a codec body (other hosts,
 * read with the e2e server's development key). Null when it is neither.
 */
export function decodeApiBody(raw: Buffer | null): Record<string, unknown> | null {
  if (raw === null || raw.length === 0) return null;
  try {
    const body = raw[0] === 0x7b ? JSON.parse(raw.toString('utf8')) : decode(raw, codecKey);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The API method a request calls, with the event id after `metrics.addEvent`
 * (`metrics.addEvent:PageView`); null for any other request.
 */
export function apiMethod(request: Request): string | null {
  if (new URL(request.url()).pathname !== '/api') return null;
  const body = decodeApiBody(request.postDataBuffer());
  if (typeof body?.method !== 'string') return null;
  return body.method === 'metrics.addEvent' ? `${body.method}:${String(body.id)}` : body.method;
}

/** The API methods the page calls, in the order it sends them (see apiMethod). */
export function recordMethods(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    const method = apiMethod(request);
    if (method !== null) methods.push(method);
  });
  return methods;
}

/**
 * Waits for the page's finite animations to end (a panel fading in, a backdrop's transition),
 * in the document and in the widgets' shadow roots, leaving endless ones (a blinking dot)
 * running: axe reads colours, and mid-fade they are a blend of two.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const element of document.querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    const finite = roots
      .flatMap((root) => root.getAnimations())
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation rejects `finished`: it has ended all the same.
    return Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
