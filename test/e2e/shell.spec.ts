/**
 * The site shell: header and footer links one by one, the 1200 px breakpoint,
 * signed-out / signed-in / staff variants, the bottom bar, the cookie notice and the policy pages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { DEMO, STAFF, signIn } from './shellHelpers.ts';

const ASSETS = ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX'];

/** The header menus, written out literally so the test does not trust the code's tables. */
const HEADER_MENUS: Record<string, [string, string][]> = {
  Exchange: [
    ['Spot Trading', '/trading/'],
    ['P2P Trading', '/p2p'],
    ['Buy Crypto', '/account/buy-crypto'],
    ['Swap', '/account/swap'],
  ],
  'Help Center': [
    ['Security', '/faq#security'],
    ['Withdrawal', '/faq#withdrawal'],
    ['Deposit', '/faq#deposit'],
  ],
  Markets: [
    ['All markets', '/markets'],
    ['BTC markets', '/markets'],
    ['ETH markets', '/markets'],
    ['Stablecoins', '/markets'],
  ],
  'About Us': [
    ['About Us', '/about-us'],
    ['Careers', '/careers'],
  ],
};

function footerGroups(host: string): Record<string, string[]> {
  return {
    About: ['/', '/about-us', '/markets', '/faq', '/careers', '/proof-of-reserves'],
    'Buy crypto': ASSETS.map((_, index) => `/account/buy-crypto?coin=${index + 1}`),
    Exchange: ASSETS.map((asset) => `/trading/${asset}_USDT`),
    'Contact Us': ['/account/', `mailto:abuse@${host}`, `mailto:legal@${host}`],
    Legal: ['/cookie-policy', '/aml-policy', '/kyc-policy', '/terms-of-service'],
    Account: [
      '/account/buy-crypto',
      '/account/transfer',
      '/account/p2p',
      '/account/deposit',
      '/account/withdraw',
    ],
  };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signed out: site name from the host, every header link and menu entry', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    // A local or IP address gives no name: the default one stands (never "Localhost" or "127").
    const host = new URL(baseURL ?? '').hostname;
    expect(['localhost', '127.0.0.1']).toContain(host);
    const name = 'Exchange';
    await expect(
      page.getByRole('banner').getByRole('link', { name: new RegExp(`^${name}$`, 'i') }),
    ).toHaveAttribute('href', '/');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Fiat On-Ramp' })).toHaveAttribute(
      'href',
      '/buy-crypto',
    );
    for (const [menu, links] of Object.entries(HEADER_MENUS)) {
      const button = nav.getByRole('button', { name: menu });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      for (const [label, href] of links) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
          'href',
          href,
        );
      }
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
    }
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(banner.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0);
  });

  test('a header menu link navigates and closes its menu; Help Center lands on its FAQ section', async ({
    page,
  }) => {
    await page.goto('/');
    await mainNav(page).getByRole('button', { name: 'Help Center' }).click();
    await mainNav(page).getByRole('link', { name: 'Withdrawal' }).click();
    await expect(page).toHaveURL(/\/faq#withdrawal$/);
    await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeInViewport();
    await expect(mainNav(page).getByRole('button', { name: 'Help Center' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('footer: logo, current year, every link group with its hrefs, the risk warning', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const host = new URL(baseURL ?? '').hostname;
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('Risk warning:');
    await expect(footer.getByRole('link').first()).toHaveAttribute('href', '/');
    // Social links come from config.socials: only the configured one (Telegram) shows.
    const socials = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(socials).toHaveCount(1);
    await expect(socials.first()).toHaveAccessibleName('Telegram');
    await expect(socials.first()).toHaveAttribute('href', 'https://t.me/exchange_example');
    for (const [group, hrefs] of Object.entries(footerGroups(host))) {
      const section = footer.getByRole('region', { name: group, exact: true });
      const links = section.getByRole('link');
      await expect(links).toHaveCount(hrefs.length);
      for (const [index, href] of hrefs.entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', href);
      }
    }
  });

  test('signed in: avatar, email, balance, badges and the account links; no Dashboard', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    const menu = page.getByRole('button', { name: /account menu/ });
    await expect(menu).toContainText(DEMO.email);
    await expect(page.getByTestId('header-balance')).toHaveText(/^\$[\d,]+\.\d{4}$/);
    await expect(menu.locator('img.avatar')).toHaveAttribute('src', '/avatar.svg');
    await menu.click();
    const status = page.getByRole('list', { name: 'Account status' });
    for (const badge of ['Premium', '2FA', 'Verified']) await expect(status).toContainText(badge);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Assets' })).toHaveAttribute('href', '/account');
    await expect(banner.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute(
      'href',
      '/account/buy-crypto',
    );
    await expect(banner.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    await expect(banner.getByRole('link', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/account/logout',
    );
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Create account' })).toHaveCount(0);
  });

  test('staff: Dashboard link; on admin pages an Account link, and no footer', async ({ page }) => {
    await signIn(page, STAFF);
    await page.getByRole('button', { name: /account menu/ }).click();
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/account/admin/clients');
    await dashboard.click();
    await expect(page).toHaveURL(/\/account\/admin\/clients$/);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    const account = page.getByRole('banner').getByRole('link', { name: 'Account', exact: true });
    await expect(account).toHaveAttribute('href', '/account/overview');
    await account.click();
    await expect(page).toHaveURL(/\/account\/overview$/);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('the 1200 px breakpoint', () => {
  test('1200 px shows the desktop header; 1199 px folds it into the mobile menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto('/');
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    await page.setViewportSize({ width: 1199, height: 800 });
    await expect(mainNav(page)).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'Fiat On-Ramp' })).toHaveAttribute(
      'href',
      '/buy-crypto',
    );
    for (const links of Object.values(HEADER_MENUS)) {
      for (const [label, href] of links) {
        await expect(mobile.getByRole('link', { name: label, exact: true })).toHaveAttribute(
          'href',
          href,
        );
      }
    }
    await expect(mobile.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/signin');
    await mobile.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(mobile).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
  });
});

/**
 * The boxes of the header's parts (brand, each link and menu button, the account corner): on one
 * line, each part's text on one line of its own.
 */
async function headerRows(page: Page): Promise<{ rows: number; wrapped: string[] }> {
  return page.evaluate(() => {
    const parts = [
      ...document.querySelectorAll<HTMLElement>(
        '.header .brand, .header-nav > ul > li > a, .header-nav .nav-menu-button, .header-account > *',
      ),
    ].filter((part) => part.offsetParent !== null);
    // Parts on one line share their middle, whatever their heights (the brand, a two-line account).
    const middle = (part: HTMLElement) => {
      const box = part.getBoundingClientRect();
      return Math.round((box.top + box.bottom) / 2 / 16);
    };
    const rows = new Set(parts.map(middle));
    const lineHeight = (part: HTMLElement) => Number.parseFloat(getComputedStyle(part).lineHeight);
    const wrapped = parts
      .filter((part) => part.matches('a, button') && !part.classList.contains('brand'))
      .filter((part) => {
        const range = document.createRange();
        range.selectNodeContents(part);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 && range.getBoundingClientRect().height > lineHeight(part) * 1.5;
      })
      .map((part) => part.textContent ?? '');
    return { rows: rows.size, wrapped };
  });
}

test.describe('the signed-in header at 1200 px', () => {
  test.use({ viewport: { width: 1200, height: 800 } });

  for (const account of [DEMO, STAFF]) {
    test(`fits one line for ${account.email}, no label broken in two`, async ({ page }) => {
      await signIn(page, account);
      await expect(page.getByTestId('header-balance')).toBeVisible();
      expect(await headerRows(page)).toEqual({ rows: 1, wrapped: [] });
    });
  }
});

test.describe('mobile (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed-in users get the bottom bar with its links and the support button', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    const bar = page.getByRole('navigation', { name: 'Quick links' });
    await expect(bar).toBeVisible();
    const expected: [string, string][] = [
      ['Assets', '/account'],
      ['Withdraw', '/account/withdraw'],
      ['Buy Crypto', '/account/buy-crypto'],
      ['Trading', '/trading/'],
    ];
    for (const [label, href] of expected) {
      await expect(bar.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await expect(bar.getByRole('button', { name: /Support/ })).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
  });

  test('visitors and staff get no bottom bar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, STAFF);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0);
  });
});

test('the cookie notice shows until accepted and stays accepted across reloads', async ({
  page,
}) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
    'href',
    '/cookie-policy',
  );
  await page.reload();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cookies_accepted'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('policy pages load their text by type; legal/* and about pages too', async ({ page }) => {
  const pages: [string, string][] = [
    ['/terms-of-service', 'Terms of Service'],
    ['/aml-policy', 'Anti-Money Laundering Policy'],
    ['/kyc-policy', 'Know Your Customer Policy'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/legal/kyc-policy', 'Know Your Customer Policy'],
    ['/about-us', 'About Us'],
    ['/careers', 'Careers'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.prose h2').first()).toBeVisible();
  }
});

test('unknown and malformed paths show the not-found page with ways on', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // The server refuses such a URL on a first load (Fastify answers 400), so it reaches the site
  // through client-side navigation, as a link inside the page would.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/legal/%E0%A4%A');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(warnings.some((text) => text.includes('Malformed URL path segment'))).toBe(true);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Visit the help center' }),
  ).toHaveAttribute('href', '/faq');
});

test('marketing pages /live and /promo have real content', async ({ page }) => {
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1, name: /Live$/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'BTC/USDT' })).toHaveAttribute(
    'href',
    '/trading/BTC_USDT',
  );
  await page.goto('/promo');
  await expect(page.getByRole('heading', { level: 1, name: /Invite a friend/ })).toBeVisible();
});
