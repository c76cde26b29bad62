/**
 * Every link of the header, the mobile menu and the footer, as data, so the three stay
 * identical and tests can walk them one by one.
 */
import { ASSETS } from '../core/protocol/index.ts';

/** A labelled link. */
export interface NavLink {
  label: string;
  href: string;
}

/** A labelled group of links (a header menu or a footer column). */
export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** The header's Exchange menu. */
export const EXCHANGE_MENU: NavGroup = {
  label: 'Exchange',
  links: [
    { label: 'Spot Trading', href: '/trading/' },
    { label: 'P2P Trading', href: '/p2p' },
    { label: 'Buy Crypto', href: '/account/buy-crypto' },
    { label: 'Swap', href: '/account/swap' },
  ],
};

/** The header's Help Center menu: sections of the FAQ page. */
export const HELP_MENU: NavGroup = {
  label: 'Help Center',
  links: [
    { label: 'Security', href: '/faq#security' },
    { label: 'Withdrawal', href: '/faq#withdrawal' },
    { label: 'Deposit', href: '/faq#deposit' },
  ],
};

/** The header's Markets menu: every entry opens the markets list. */
export const MARKETS_MENU: NavGroup = {
  label: 'Markets',
  links: [
    { label: 'All markets', href: '/markets' },
    { label: 'BTC markets', href: '/markets' },
    { label: 'ETH markets', href: '/markets' },
    { label: 'Stablecoins', href: '/markets' },
  ],
};

/** The header's About Us menu. */
export const ABOUT_MENU: NavGroup = {
  label: 'About Us',
  links: [
    { label: 'About Us', href: '/about-us' },
    { label: 'Careers', href: '/careers' },
  ],
};

/** The Fiat On-Ramp link, hidden in live mode. */
export const FIAT_ON_RAMP: NavLink = { label: 'Fiat On-Ramp', href: '/buy-crypto' };

/** The header menus in display order; Home and Fiat On-Ramp sit between them as plain links. */
export const HEADER_MENUS = { EXCHANGE_MENU, HELP_MENU, MARKETS_MENU, ABOUT_MENU } as const;

/** The signed-in account menu's links; Dashboard is added for staff. */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { label: 'Assets', href: '/account' },
  { label: 'Buy crypto', href: '/account/buy-crypto' },
  { label: 'Settings', href: '/account/profile' },
  { label: 'Verification', href: '/account/verification' },
  { label: 'Proof of reserves', href: '/account/proof-of-reserves' },
];

/** Staff's way to the admin clients page. */
export const DASHBOARD_LINK: NavLink = { label: 'Dashboard', href: '/account/admin/clients' };

/** The staff Dashboard's sections, in the order its navigation lists them. */
export const DASHBOARD_SECTIONS: readonly NavLink[] = [
  { label: 'Clients', href: DASHBOARD_LINK.href },
  { label: 'Withdrawals to review', href: '/account/admin/withdrawals' },
  { label: 'Verifications to review', href: '/account/admin/verifications' },
  { label: 'P2P disputes', href: '/account/admin/p2p' },
  { label: 'Proof of reserves', href: '/account/admin/reserves' },
];

/** The way out of the admin pages back to the overview. */
export const ACCOUNT_OVERVIEW_LINK: NavLink = { label: 'Account', href: '/account/overview' };

/** The mobile bottom bar's links; a support button follows them. */
export const BOTTOM_BAR_LINKS: readonly NavLink[] = [
  { label: 'Assets', href: '/account' },
  { label: 'Withdraw', href: '/account/withdraw' },
  { label: 'Buy Crypto', href: '/account/buy-crypto' },
  { label: 'Trading', href: '/trading/' },
];

/** The footer's link groups; Contact Us's mail addresses depend on the host. */
export function footerGroups(domain: string): readonly NavGroup[] {
  return [
    {
      label: 'About',
      links: [
        { label: 'Home', href: '/' },
        { label: 'About Us', href: '/about-us' },
        { label: 'Markets', href: '/markets' },
        { label: 'FAQ', href: '/faq' },
        { label: 'Careers', href: '/careers' },
        { label: 'Proof of reserves', href: '/proof-of-reserves' },
      ],
    },
    {
      label: 'Buy crypto',
      links: ASSETS.map((asset, index) => ({
        label: `Buy ${asset}`,
        href: `/account/buy-crypto?coin=${index + 1}`,
      })),
    },
    {
      label: 'Exchange',
      links: ASSETS.map((asset) => ({
        label: `${asset}/USDT`,
        href: `/trading/${asset}_USDT`,
      })),
    },
    {
      label: 'Contact Us',
      links: [
        { label: 'Live support', href: '/account/' },
        { label: 'Report abuse', href: `mailto:abuse@${domain}` },
        { label: 'Legal department', href: `mailto:legal@${domain}` },
      ],
    },
    {
      label: 'Legal',
      links: [
        { label: 'Cookie Policy', href: '/cookie-policy' },
        { label: 'AML Policy', href: '/aml-policy' },
        { label: 'KYC Policy', href: '/kyc-policy' },
        { label: 'Terms of Service', href: '/terms-of-service' },
      ],
    },
    {
      label: 'Account',
      links: [
        { label: 'Deposit by card or bank', href: '/account/buy-crypto' },
        { label: 'Transfer', href: '/account/transfer' },
        { label: 'P2P', href: '/account/p2p' },
        { label: 'Deposit from a crypto wallet', href: '/account/deposit' },
        { label: 'Withdraw', href: '/account/withdraw' },
      ],
    },
  ];
}

/** The domain for the footer's mail addresses: the host without a leading "www.". */
export function mailDomain(hostname: string): string {
  return hostname.replace(/^www\./, '');
}

/** Whether a path is in the staff admin area, where the footer and bottom bar hide. */
export function isAdminPath(path: string): boolean {
  return path === '/account/admin' || path.startsWith('/account/admin/');
}

/** The policy routes and the page type each loads. */
export const POLICY_TYPES: Readonly<Record<string, string>> = {
  'terms-of-service': 'terms_of_use',
  'aml-policy': 'aml_policy',
  'kyc-policy': 'kyc_policy',
  'cookie-policy': 'cookies_policy',
};
