/**
 * Live support end to end: a client and a staff member in two browser contexts against
 * the real server — messages, typing, image and video attachments each way, unread and toast
 * while the panel is closed, and the Dashboard's order and unread counts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { preAcceptCookies, STAFF, signedInPage } from './shellHelpers.ts';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Records a short, real WebM in the page (canvas + MediaRecorder), so no binary fixture ships. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 8; frame++) {
      if (context) {
        context.fillStyle = `hsl(${frame * 45} 80% 50%)`;
        context.fillRect(0, 0, 64, 48);
      }
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signUp(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await preAcceptCookies(page);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

async function openDashboard(browser: Browser, baseURL: string | undefined) {
  const page = await signedInPage(browser, new URL(baseURL ?? '').origin, STAFF);
  await page.goto('/account/admin/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  return page;
}

/** Attaches a file through the panel's picker and waits until it is uploaded. */
async function attach(panel: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await panel.locator('input[type="file"]').setInputFiles(file);
  await expect(panel.getByText(`Attached: ${file.name}`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
}

/** The inbox row of a client, by login. */
function inboxRow(staff: Page, login: string): Locator {
  return staff.getByTestId('inbox-row').filter({ hasText: login });
}

test('a client and staff chat both ways with typing, images and videos', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('chat');
  const login = email.split('@')[0] ?? '';
  const client = await signUp(browser, baseURL, email);
  const staff = await openDashboard(browser, baseURL);

  // The client opens the panel from the floating button.
  await client.getByRole('button', { name: 'Live Support' }).click();
  const panel = client.getByRole('dialog', { name: 'Live support' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Online')).toBeVisible();
  const log = panel.getByRole('log', { name: 'Messages' });
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(
    log.getByText('At the moment, the message history is empty. Write your first message now!'),
  ).toBeVisible();

  // Client -> staff.
  const box = panel.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.fill('Hello, I need help with a deposit');
  await box.press('Enter');
  await expect(log.getByText('Hello, I need help with a deposit')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(log.getByText('sending…')).toHaveCount(0);

  // The staff inbox lists the client with one unread message; opening it shows the dialog.
  const row = inboxRow(staff, login);
  await expect(row.getByTestId('inbox-unread')).toHaveText(/^1/);
  await row.getByRole('button').click();
  const staffPanel = staff.getByRole('region', { name: `Chat with ${login}` });
  await expect(staffPanel.getByText('Hello, I need help with a deposit')).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Client record' })).toContainText(email);
  await expect(staffPanel.getByText('Online')).toBeVisible();

  // Typing both ways.
  const staffBox = staffPanel.getByRole('textbox', { name: 'Message' });
  await staffBox.pressSequentially('Let me ');
  await expect(panel.getByText('Support is typing…')).toBeVisible();
  // Typing events are throttled to one per 2 s, and the client typed a moment ago: type at a
  // person's pace so the next one goes out.
  await box.pressSequentially('Thanks', { delay: 450 });
  await expect(staffPanel.getByText(`${login} is typing…`)).toBeVisible();
  await box.fill('');

  // Staff -> client, which also ends the typing indicator.
  await staffBox.fill('Hello! Which asset did you deposit?');
  await staffBox.press('Enter');
  await expect(log.getByText('Hello! Which asset did you deposit?')).toBeVisible();
  await expect(panel.getByText('Support is typing…')).toHaveCount(0);

  // An image each way, at most 250 px wide.
  await attach(panel, { name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await box.press('Enter');
  const staffImage = staffPanel.getByRole('img', { name: 'Attachment' });
  await expect(staffImage).toBeVisible();
  await expect
    .poll(() => staffImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);
  expect((await staffImage.boundingBox())?.width ?? 0).toBeLessThanOrEqual(250);
  await expect(panel.getByText('Attached: receipt.png')).toHaveCount(0);

  await attach(staffPanel, { name: 'answer.png', mimeType: 'image/png', buffer: PNG });
  await staffBox.fill('Here is where to look');
  await staffBox.press('Enter');
  await expect(log.getByText('Here is where to look')).toBeVisible();
  await expect(log.getByRole('img', { name: 'Attachment' })).toHaveCount(2);

  // A video each way, at most 300 px wide.
  const webm = await recordWebm(client);
  await attach(panel, { name: 'screen.webm', mimeType: 'video/webm', buffer: webm });
  await box.fill('A recording of the problem');
  await box.press('Enter');
  await expect(staffPanel.getByText('A recording of the problem')).toBeVisible();
  const staffVideo = staffPanel.locator('video');
  await expect(staffVideo).toHaveCount(1);
  // The video really plays: its metadata loads through the signed attachment URL.
  await expect
    .poll(() => staffVideo.evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThan(0);
  expect((await staffVideo.boundingBox())?.width ?? 0).toBeLessThanOrEqual(300);

  await attach(staffPanel, { name: 'howto.webm', mimeType: 'video/webm', buffer: webm });
  await staffBox.press('Enter');
  await expect(log.locator('video')).toHaveCount(2);
  await expect
    .poll(() =>
      log
        .locator('video')
        .last()
        .evaluate((video: HTMLVideoElement) => video.readyState),
    )
    .toBeGreaterThan(0);

  // The panel and the Dashboard pass an axe audit with their history, media and record on show.
  for (const [page, selector] of [
    [client, '.sc-panel'],
    [staff, '.admin-dashboard'],
  ] as const) {
    const audit = await new AxeBuilder({ page }).include(selector).analyze();
    expect(audit.violations, JSON.stringify(audit.violations, null, 2)).toEqual([]);
  }

  await client.context().close();
  await staff.context().close();
});

test('a message while the panel is closed toasts once across tabs and counts as unread until opened', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('unread');
  const login = email.split('@')[0] ?? '';
  const client = await signUp(browser, baseURL, email);
  const staff = await openDashboard(browser, baseURL);

  await client.getByRole('button', { name: 'Live Support' }).click();
  const panel = client.getByRole('dialog', { name: 'Live support' });
  await panel.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(panel.getByRole('log').getByText('Is anyone there?')).toBeVisible();
  // The connection dot blinks, except for people who asked for reduced motion.
  const dot = panel.locator('.sc-dot');
  await expect(dot).toHaveCSS('animation-name', 'sc-blink');
  await client.emulateMedia({ reducedMotion: 'reduce' });
  await expect(dot).toHaveCSS('animation-name', 'none');
  await client.emulateMedia({ reducedMotion: 'no-preference' });
  await panel.getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(panel).toHaveCount(0);
  const launcher = client.getByRole('button', { name: /^Live Support/ });
  await expect(launcher).toBeFocused();

  // A second tab of the same account, so two tabs receive what staff send next.
  const secondTab = await client.context().newPage();
  await secondTab.goto('/account');
  await expect(secondTab.getByRole('button', { name: 'Live Support' })).toBeVisible();

  await inboxRow(staff, login).getByRole('button').click();
  const staffBox = staff
    .getByRole('region', { name: `Chat with ${login}` })
    .getByRole('textbox', { name: 'Message' });
  const long = `Yes, we are here. ${'Our team answers every message in the order received. '.repeat(2)}`;
  await staffBox.fill(long);
  await staffBox.press('Enter');

  // Both tabs count it as unread; exactly one of them shows the 64-character preview toast.
  const preview = `${long.slice(0, 64)}…`;
  await expect(client.getByRole('button', { name: 'Live Support, 1 unread' })).toBeVisible();
  await expect(secondTab.getByRole('button', { name: 'Live Support, 1 unread' })).toBeVisible();
  await expect(client.getByTestId('support-unread')).toHaveText('1');
  const toasts = async () =>
    (await client.getByText(preview).count()) + (await secondTab.getByText(preview).count());
  await expect.poll(toasts).toBe(1);
  await secondTab.close();

  await staffBox.fill('One more thing');
  await staffBox.press('Enter');
  await expect(client.getByRole('button', { name: 'Live Support, 2 unread' })).toBeVisible();

  // The count survives a reload (it comes from the server), and opening resets it.
  await client.reload();
  await expect(client.getByRole('button', { name: 'Live Support, 2 unread' })).toBeVisible();
  await client.getByRole('button', { name: /^Live Support/ }).click();
  await expect(client.getByRole('dialog').getByText('One more thing')).toBeVisible();
  // A click outside closes it, like the site's other modals.
  await client.mouse.click(5, 300);
  await expect(client.getByRole('dialog', { name: 'Live support' })).toHaveCount(0);
  await expect(client.getByRole('button', { name: 'Live Support' })).toBeVisible();
  await client.reload();
  await expect(client.getByRole('button', { name: 'Live Support' })).toBeVisible();

  await client.context().close();
  await staff.context().close();
});

test('the Dashboard lists pinned dialogs first, then by last message, with unread counts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');
  const firstLogin = first.split('@')[0] ?? '';
  const secondLogin = second.split('@')[0] ?? '';
  const firstPage = await signUp(browser, baseURL, first);
  const secondPage = await signUp(browser, baseURL, second);

  const say = async (page: Page, text: string) => {
    await page.getByRole('button', { name: /^Live Support/ }).click();
    const panel = page.getByRole('dialog', { name: 'Live support' });
    await panel.getByRole('textbox', { name: 'Message' }).fill(text);
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(panel.getByRole('log').getByText(text)).toBeVisible();
    await panel.getByRole('button', { name: 'Close live support' }).click();
  };
  await say(firstPage, 'First client, message one');
  await say(firstPage, 'First client, message two');
  await say(secondPage, 'Second client writes later');

  const staff = await openDashboard(browser, baseURL);
  const rows = staff.getByTestId('inbox-row');
  const logins = async () =>
    (await rows.allTextContents()).filter(
      (text) => text.includes(firstLogin) || text.includes(secondLogin),
    );
  await expect.poll(logins).toHaveLength(2);
  // Newest last message first; unread counts per dialog.
  expect((await logins())[0]).toContain(secondLogin);
  await expect(inboxRow(staff, firstLogin).getByTestId('inbox-unread')).toHaveText(/^2/);
  await expect(inboxRow(staff, secondLogin).getByTestId('inbox-unread')).toHaveText(/^1/);

  // Pinning the older dialog puts it first.
  await inboxRow(staff, firstLogin).getByRole('button').click();
  await staff.getByRole('button', { name: 'Pin dialog' }).click();
  await expect(staff.getByRole('button', { name: 'Unpin dialog' })).toBeVisible();
  await expect(inboxRow(staff, firstLogin)).toContainText('Pinned');
  const pinnedFirst = (await rows.allTextContents())[0] ?? '';
  expect(pinnedFirst).toContain(firstLogin);
  // Opening a dialog reads it.
  await expect(inboxRow(staff, firstLogin).getByTestId('inbox-unread')).toHaveCount(0);
  await staff.getByRole('button', { name: 'Unpin dialog' }).click();
  await expect(staff.getByRole('button', { name: 'Pin dialog' })).toBeVisible();

  await firstPage.context().close();
  await secondPage.context().close();
  await staff.context().close();
});
