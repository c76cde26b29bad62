/**
 * The widget suite end to end, from the BUILT script the server ships: on the exchange's
 * partner demo page (hostile global CSS) against a blank page, and on a third-party site (another
 * origin, served by partnerServer.ts and listed in ALLOWED_ORIGINS) where the
 * elements talk to the exchange cross-origin: a visitor chat with staff, the FAQ search dialog,
 * the notice modal, the live counters' sockets, the page-side queue and the events.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, WebSocket } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { laneOf, lanePort } from './lanes.ts';
import { type PartnerSite, startPartnerSite } from './partnerServer.ts';
import {
  animationsSettled,
  apiCall,
  apiMethod,
  preAcceptCookies,
  STAFF,
  signIn,
  staffToken,
} from './shellHelpers.ts';

let site: PartnerSite;

/** The partner site's port in this project's lane. */
const partnerPort = () => lanePort(laneOf(test.info().project.name), 1);
test.beforeAll(async () => {
  site = await startPartnerSite(partnerPort());
});
test.afterAll(() => site.close());

/** A partner page that loads the exchange's script and records what reaches `document`. */
async function partnerPage(browser: Browser, exchange: string, body: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script>
  window.seen = [];
  for (const name of ['exchange-open', 'exchange-close', 'exchange-message', 'exchange-unread',
    'exchange-action', 'exchange-ready']) {
    document.addEventListener(name, (event) => window.seen.push({ name, detail: event.detail }));
  }
  // Calls made before the script has loaded wait in the queue.
  (window.exchangeWidgets = window.exchangeWidgets || []).push(() => {
    window.queuedRan = document.querySelectorAll('support-chat').length;
  });
</script>
<script src="${exchange}/widgets.js" async></script></head><body><main>${body}</main></body></html>`;
  await page.goto(site.page(html));
  await page.waitForFunction(
    () => window.exchangeWidgets && !Array.isArray(window.exchangeWidgets),
  );
  return page;
}

/** Names of the document-level events the page recorded. */
const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: { name: string }[] }).seen.map((e) => e.name));

declare global {
  interface Window {
    queuedRan?: number;
    exchangeWidgets?: unknown;
  }
}

/** The JS API of the elements, as a page sees it. */
interface ChatElement extends HTMLElement {
  open(): void;
  readonly unread: number;
}

test('the partner page: the elements look as on a blank page, and the page keeps its own styles', async ({
  page,
}, testInfo) => {
  /** Computed styles of key parts inside the shadow roots. */
  const styles = async () =>
    page.evaluate(() => {
      const pick = (element: Element | null | undefined, ...names: string[]) => {
        if (!element) return null;
        const style = getComputedStyle(element);
        return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
      };
      const root = (tag: string) => document.querySelector(tag)?.shadowRoot;
      const text = ['font-family', 'font-size', 'color', 'letter-spacing', 'line-height'];
      return {
        launcher: pick(
          root('support-chat')?.querySelector('.sc-launcher'),
          ...text,
          'padding-left',
          'height',
          'background-color',
          'border-radius',
        ),
        search: pick(root('faq-search')?.querySelector('input'), ...text, 'padding-left', 'height'),
        question: pick(root('faq-search')?.querySelector('summary'), ...text),
        title: pick(root('faq-search')?.querySelector('h2'), ...text, 'text-transform'),
        counter: pick(root('live-counter')?.querySelector('[part="value"]'), ...text),
      };
    });
  const ready = async () => {
    await expect(page.locator('faq-search').locator('summary').first()).toBeVisible();
    await expect(page.locator('support-chat').getByRole('button')).toBeVisible();
    await expect(page.locator('live-counter').locator('[part="value"]')).toBeVisible();
  };

  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/examples/blank.html');
  await ready();
  const blank = await styles();
  await testInfo.attach('blank.png', { body: await page.screenshot(), contentType: 'image/png' });

  await page.goto('/examples/partner.html');
  await ready();
  const partner = await styles();
  await testInfo.attach('partner.png', { body: await page.screenshot(), contentType: 'image/png' });
  for (const part of Object.keys(blank) as (keyof typeof blank)[]) {
    expect(blank[part], `${part} is rendered`).not.toBeNull();
    expect(partner[part], `${part} looks the same on the partner page`).toEqual(blank[part]);
  }

  // The page's own elements keep exactly the page's styles, and the widgets added none to it.
  const host = await page.evaluate(() => {
    const button = getComputedStyle(document.querySelector('.partner-button') as Element);
    const heading = getComputedStyle(document.querySelector('h1') as Element);
    return {
      buttonFont: `${button.fontSize} ${button.fontFamily}`,
      buttonBackground: button.backgroundColor,
      headingTransform: heading.textTransform,
      styleSheets: document.styleSheets.length,
    };
  });
  expect(host).toEqual({
    buttonFont: '30px serif',
    buttonBackground: 'rgb(153, 0, 0)',
    headingTransform: 'uppercase',
    styleSheets: 1,
  });
});

test('a visitor on a partner site chats with staff through <support-chat>', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const exchange = baseURL ?? '';
  const partner = await partnerPage(
    browser,
    exchange,
    '<support-chat heading="Ask the exchange"></support-chat>',
  );
  // The queued call ran once the elements existed, and the page heard that they were ready
  // (events dispatched as the elements load, so awaited rather than read once).
  await expect.poll(() => partner.evaluate(() => window.queuedRan)).toBe(1);
  await expect.poll(() => seen(partner)).toContain('exchange-ready');

  const chat = partner.locator('support-chat');
  await chat.getByRole('button', { name: 'Live Support' }).click();
  await expect.poll(() => seen(partner)).toContain('exchange-open');
  await expect(chat).toHaveAttribute('open', '');

  // No account: the visitor gives a name and starts the chat.
  const dialog = chat.getByRole('dialog', { name: 'Ask the exchange' });
  const name = `Ada ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByLabel('Email (optional)').fill('ada@partner.test');
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  const log = dialog.getByRole('log', { name: 'Messages' });
  await expect(
    log.getByText('At the moment, the message history is empty. Write your first message now!'),
  ).toBeVisible();
  await expect(dialog.getByText('Online')).toBeVisible();
  const box = dialog.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello from the partner site');
  await box.press('Enter');
  await expect(log.getByText('Hello from the partner site')).toBeVisible();
  await expect(box).toHaveValue('');

  // Staff see the visitor, marked as one, and answer.
  const staffContext = await browser.newContext({ baseURL: exchange });
  const staff = await staffContext.newPage();
  await preAcceptCookies(staff);
  await signIn(staff, STAFF);
  await staff.goto('/account/admin/clients');
  const row = staff.getByTestId('inbox-row').filter({ hasText: name });
  await expect(row).toContainText('Visitor');
  await row.getByRole('button').click();
  const staffPanel = staff.getByRole('region', { name: new RegExp(`Chat with ${name}`) });
  await expect(staffPanel.getByText('Hello from the partner site')).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Client record' })).toContainText(
    'ada@partner.test',
  );
  const staffBox = staffPanel.getByRole('textbox', { name: 'Message' });
  await staffBox.fill('Hello Ada, how can we help?');
  await staffBox.press('Enter');
  await expect(log.getByText('Hello Ada, how can we help?')).toBeVisible();

  // Closed, a new message shows as an unread badge and a preview, and reaches the page as events.
  await dialog.getByRole('button', { name: 'Close live support' }).click();
  await expect(dialog).toHaveCount(0);
  // Open and close events come from an effect, after the render that removed the dialog.
  await expect.poll(() => seen(partner)).toContain('exchange-close');
  await staffBox.fill('Are you still there?');
  await staffBox.press('Enter');
  await expect(chat.getByRole('button', { name: 'Live Support, 1 unread' })).toBeVisible();
  await expect(chat.locator('[part="preview"]')).toContainText('Are you still there?');
  await expect
    .poll(() => seen(partner))
    .toEqual(expect.arrayContaining(['exchange-message', 'exchange-unread']));
  expect(await chat.evaluate((element) => (element as ChatElement).unread)).toBe(1);

  // The JS API after load: open() opens the panel and reads the message.
  await chat.evaluate((element) => (element as ChatElement).open());
  await expect(log.getByText('Are you still there?')).toBeVisible();
  await expect.poll(() => chat.evaluate((element) => (element as ChatElement).unread)).toBe(0);

  // The visitor session outlives a reload: the history comes back, no form.
  const sockets: WebSocket[] = [];
  partner.on('websocket', (ws) => sockets.push(ws));
  await partner.reload();
  await chat.evaluate((element) => (element as ChatElement).open());
  await expect(log.getByText('Hello Ada, how can we help?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start chat' })).toHaveCount(0);

  await animationsSettled(partner);
  const axe = await new AxeBuilder({ page: partner }).include('support-chat').analyze();
  expect(axe.violations).toEqual([]);

  // Removing the element closes its support socket.
  const socket = sockets.find((ws) => new URL(ws.url()).pathname === '/support');
  expect(socket?.isClosed()).toBe(false);
  await chat.evaluate((element) => element.remove());
  await expect.poll(() => socket?.isClosed()).toBe(true);
  await Promise.all([partner.context().close(), staffContext.close()]);
});

test('presence booleans: a bare `open` shows the chat at once, `hide-launcher` leaves the page to open it', async ({
  browser,
  baseURL,
}) => {
  const partner = await partnerPage(
    browser,
    baseURL ?? '',
    '<support-chat id="open" open hide-launcher></support-chat>',
  );
  const chat = partner.locator('#open');
  await expect(chat.getByRole('dialog', { name: 'Live support' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Start chat' })).toBeVisible();
  await chat.evaluate((element) => element.removeAttribute('open'));
  await expect(chat.getByRole('dialog')).toHaveCount(0);
  await expect(chat.getByRole('button', { name: /Live Support/ })).toHaveCount(0);
  await chat.evaluate((element) => element.removeAttribute('hide-launcher'));
  await expect(chat.getByRole('button', { name: 'Live Support' })).toBeVisible();
  await partner.context().close();
});

test('<faq-search> searches inline and as a ⌘K / "/" dialog; two instances stay apart', async ({
  browser,
  baseURL,
}) => {
  const partner = await partnerPage(
    browser,
    baseURL ?? '',
    '<faq-search id="inline" slug="deposit" heading="Deposits"></faq-search>' +
      '<faq-search id="dialog" slug="withdrawal" hotkey></faq-search>',
  );
  const inline = partner.locator('#inline');
  await expect(inline.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  await expect(inline.locator('summary').first()).toBeVisible();
  const inlineCount = await inline.locator('summary').count();

  // Searching one list leaves the other alone.
  await inline.getByRole('searchbox').fill('zzz-no-such-question');
  await expect(inline.getByText(/No questions match/)).toBeVisible();

  const hotkey = partner.locator('#dialog');
  await expect(hotkey.getByRole('button', { name: 'Search help' })).toBeVisible();
  await partner.locator('body').click();
  await partner.keyboard.press('/');
  const dialog = hotkey.getByRole('dialog', { name: 'Have a question?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await expect(dialog.getByRole('searchbox')).toHaveValue('');
  await expect(dialog.getByRole('heading', { name: 'Withdrawal' })).toBeVisible();
  await dialog.getByRole('searchbox').fill('WITHDRAW');
  await expect(dialog.locator('summary').first()).toBeVisible();
  await partner.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Escape at once after the shortcut closes it too: focus is inside before the dialog shows.
  await partner.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await partner.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => seen(partner))
    .toEqual(expect.arrayContaining(['exchange-open', 'exchange-close']));

  // The inline list still shows its own search, untouched by the dialog's.
  await inline.getByRole('searchbox').fill('');
  await expect(inline.locator('summary')).toHaveCount(inlineCount);

  // A property updates the element like its attribute; removing `hotkey` makes the list inline.
  await inline.evaluate((element) => {
    (element as HTMLElement & { heading: string }).heading = 'Deposit help';
  });
  await expect(inline.getByRole('heading', { name: 'Deposit help' })).toBeVisible();
  await expect(inline).toHaveAttribute('heading', 'Deposit help');
  await hotkey.evaluate((element) => element.removeAttribute('hotkey'));
  await expect(hotkey.getByRole('button', { name: 'Search help' })).toHaveCount(0);
  await expect(hotkey.getByRole('heading', { name: 'Have a question?' })).toBeVisible();
  await animationsSettled(partner);
  const axe = await new AxeBuilder({ page: partner }).include('faq-search').analyze();
  expect(axe.violations).toEqual([]);
  await partner.context().close();
});

test('<notice-modal> shows the exchange notice sanitised, once, and its actions can be taken over', async ({
  browser,
  baseURL,
  page,
  allowConsole,
}) => {
  // The notice's image points nowhere on purpose: its `onerror` would run if the sanitiser let it.
  allowConsole(/\/x: Failed to load resource: the server responded with a status of 404/);
  await page.goto('/');
  const token = await staffToken(page);
  const title = `Maintenance ${Date.now()}`;
  await apiCall(
    page,
    'notices.publish',
    {
      title,
      type_id: 1,
      description:
        '<p>Deposits pause at 02:00 UTC.</p><img src=x alt="" onerror="window.hacked=1">',
    },
    token,
  );
  try {
    const partner = await partnerPage(browser, baseURL ?? '', '<notice-modal></notice-modal>');
    const modal = partner.locator('notice-modal').getByRole('dialog', { name: title });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Deposits pause at 02:00 UTC.');
    expect(await partner.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await animationsSettled(partner);
    const axe = await new AxeBuilder({ page: partner }).include('notice-modal').analyze();
    expect(axe.violations).toEqual([]);

    await partner.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    // After a reload the closed notice stays closed. Checked once the widget has fetched the
    // notice and loaded the modal that would show it: before that, no dialog proves nothing.
    const fetched = partner.waitForResponse(
      (response) => apiMethod(response.request()) === 'notices.getCurrent',
    );
    const modalLoaded = partner.waitForResponse((response) =>
      /\/NoticeModal-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await partner.reload();
    await Promise.all([fetched, modalLoaded]);
    await partner.waitForFunction(() => !Array.isArray(window.exchangeWidgets));
    await expect(partner.locator('notice-modal').getByRole('dialog')).toHaveCount(0);

    // open() shows it again; a page that cancels exchange-action handles the action itself.
    await partner.evaluate(() => {
      document.addEventListener('exchange-action', (event) => event.preventDefault());
      document.querySelector<Element & { open(): void }>('notice-modal')?.open();
    });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Deposit' }).click();
    await expect(modal).toHaveCount(0);
    expect(new URL(partner.url()).port).toBe(String(partnerPort()));
    expect(await seen(partner)).toContain('exchange-action');
    await partner.context().close();
  } finally {
    await apiCall(page, 'notices.publish', { clear: true }, token);
  }
});

test('<live-counter>: a page counts once however many counters it shows; the last one removed closes the socket', async ({
  browser,
  baseURL,
}) => {
  const exchange = baseURL ?? '';
  const observer = await partnerPage(browser, exchange, '<live-counter id="watch"></live-counter>');
  const settled = () =>
    observer
      .locator('#watch')
      .locator('.sr')
      .textContent()
      .then((text) => Number(text?.split(' ')[0]?.replaceAll(',', '')));
  await expect.poll(settled).toBeGreaterThan(0);
  const before = await settled();

  const partner = await partnerPage(
    browser,
    exchange,
    '<live-counter id="a"></live-counter><live-counter id="b" figure="views"></live-counter>',
  );
  await expect(partner.locator('#b').locator('[part="dot"]')).toHaveAttribute(
    'data-connected',
    'true',
  );
  await expect.poll(settled).toBe(before + 1);
  await partner.evaluate(() => document.getElementById('a')?.remove());
  await expect(partner.locator('#b').locator('[part="dot"]')).toHaveAttribute(
    'data-connected',
    'true',
  );
  await expect.poll(settled).toBe(before + 1);
  await partner.evaluate(() => document.getElementById('b')?.remove());
  await expect.poll(settled).toBe(before);
  await partner.evaluate(() => {
    const again = document.createElement('live-counter');
    document.querySelector('main')?.append(again);
  });
  await expect.poll(settled).toBe(before + 1);
  await animationsSettled(partner);
  const axe = await new AxeBuilder({ page: partner }).include('live-counter').analyze();
  expect(axe.violations).toEqual([]);
  await partner.context().close();
  await expect.poll(settled).toBe(before);
  await observer.context().close();
});
