/**
 * The policy and information pages the content migration seeds. They are sensible
 * defaults written for this open-source exchange; an operator edits the `content_pages` rows to
 * fit their own company, jurisdiction and contacts.
 */

/** A page as seeded: its type (the key pages.getItem looks up), title and HTML body. */
export interface SeedPage {
  type: string;
  title: string;
  html: string;
}

/** The seeded pages, one per type the site links to. */
export const SEED_PAGES: readonly SeedPage[] = [
  {
    type: 'terms_of_use',
    title: 'Terms of Service',
    html: `<p>These terms govern your use of this exchange and its services: the spot market, peer-to-peer trading, card purchases, swaps, deposits, withdrawals, transfers and live support. By creating an account you accept them.</p>
<h2>1. Your account</h2>
<p>You must be of legal age where you live and give truthful information. Keep your password secret and sign out on shared devices. You are responsible for everything done with your account until you tell support that it has been compromised.</p>
<h2>2. Balances and the ledger</h2>
<p>Every change of a balance is recorded as a ledger entry with its reason. A balance can never go below zero. If you believe an entry is wrong, contact support with its date and amount; corrections are made by a new, visible entry, never by editing history.</p>
<h2>3. Trading</h2>
<p>Prices of crypto-assets move quickly and can fall to zero. Orders are executed at the prices shown when they are matched. Past performance says nothing about future results, and nothing on this site is investment advice.</p>
<h2>4. Deposits and withdrawals</h2>
<p>Send each asset only to the deposit address shown for that asset and network: transfers to a wrong address or network cannot be reversed. Withdrawals may be held for identity verification as described in the KYC policy.</p>
<h2>5. Prohibited use</h2>
<p>You may not use the service for money laundering, fraud, market manipulation or to evade sanctions. We may suspend an account that breaks these terms and will tell you why unless the law forbids it.</p>
<h2>6. Changes and contact</h2>
<p>We announce changes to these terms on the site before they take effect. Questions go to live support or to the legal department at the address in the footer.</p>`,
  },
  {
    type: 'aml_policy',
    title: 'Anti-Money Laundering Policy',
    html: `<p>We do not allow the exchange to be used to launder money or finance terrorism. This policy explains the checks we make and why.</p>
<h2>Risk-based checks</h2>
<p>We assess the risk of each account from its activity, the amounts involved and the origin of funds. Higher risk leads to more checks, such as identity verification or questions about the source of funds.</p>
<h2>Monitoring</h2>
<p>Deposits, withdrawals and transfers are monitored for patterns that suggest laundering, such as rapid movement of funds through many accounts, structuring of amounts to stay below thresholds, or funds linked to known illicit addresses.</p>
<h2>Reporting</h2>
<p>Where the law requires it, we report suspicious activity to the competent authority. We may be prevented by law from telling you that a report was made.</p>
<h2>Records</h2>
<p>We keep identity and transaction records for the period the law requires, and protect them as described in our privacy commitments.</p>`,
  },
  {
    type: 'kyc_policy',
    title: 'Know Your Customer Policy',
    html: `<p>Identity verification ("KYC") protects you and other users from fraud and lets us meet our legal duties.</p>
<h2>When we ask for it</h2>
<p>You can trade and deposit without verification up to the limits shown in your account. Above those limits, and whenever the law requires it, we ask you to verify before a withdrawal. We tell you the amount in advance; verification never costs a fee and we never ask you to send money to verify.</p>
<h2>What we ask for</h2>
<ul><li>Your full name, date of birth, address and phone number.</li><li>A valid identity document (passport, national ID card or driving licence).</li><li>A selfie holding that document, to show that it is yours.</li></ul>
<h2>How it works</h2>
<p>In your account, under Verification, you fill in four short steps: personal details, address, your identity document and the selfie. What you enter is saved as you go, so you can stop and continue later. Photos may be JPG, PNG or WebP images.</p>
<h2>How long it takes</h2>
<p>Most checks finish within one business day. If something is unclear, the reviewer says what to correct on your verification page, and you correct it and submit again. Your withdrawal limit rises as soon as you are verified.</p>
<h2>Your data</h2>
<p>Before a photo is stored we remove the hidden data your phone adds to it, such as the place it was taken. Your documents are shown only to you and to our review team, are used only for verification, and are kept for the period the law requires. Every decision on your verification is recorded with who made it and when.</p>`,
  },
  {
    type: 'cookies_policy',
    title: 'Cookie Policy',
    html: `<p>This site uses a small amount of browser storage to work, and asks before using anything else.</p>
<h2>Always on: storage the site needs</h2>
<ul><li><strong>Session token</strong>: keeps you signed in until you log out or it expires.</li><li><strong>Cookie choice</strong>: remembers that you accepted this notice.</li><li><strong>Referral and campaign codes</strong> (<code>referal_code</code>, <code>subid</code>): credit the person or campaign that sent you.</li></ul>
<h2>Only after you accept</h2>
<ul><li><strong>Page-view statistics</strong>: which pages are visited, to improve the site. They are stored by us, not by an analytics company.</li><li><strong>Advertising pixel</strong>: when you arrive from an advert, the advertiser learns that the visit happened. Your email is never sent; only a one-way SHA-256 hash of it is.</li></ul>
<h2>Changing your mind</h2>
<p>Clear this site's data in your browser settings and the notice appears again.</p>`,
  },
  {
    type: 'about_us',
    title: 'About Us',
    html: `<p>We build an exchange that people can check: open-source code, balances that change only through recorded ledger entries, and support staffed by people who answer.</p>
<h2>What we offer</h2>
<p>Spot markets for eight assets against USDT (BTC, ETH, BNB, XRP, DOGE, SOL, LTC and TRX), peer-to-peer trading, card purchases, swaps, deposits, withdrawals and transfers between users.</p>
<h2>How we work</h2>
<p>Passwords are stored only as scrypt hashes, sessions can be revoked at any time, and every API call is authorised on the server. The source code is public, so anyone can read how their money is handled.</p>`,
  },
  {
    type: 'careers',
    title: 'Careers',
    html: `<p>We are a small, remote team. We value clear writing, careful engineering and kindness to users.</p>
<h2>Open roles</h2>
<ul><li><strong>Support specialist</strong> (remote, full time): answer users in the live chat and by email; fluent English required.</li><li><strong>Compliance analyst</strong> (remote): review verifications and monitoring alerts.</li><li><strong>Software engineer</strong> (remote): TypeScript across the site, the API and the matching engine.</li></ul>
<h2>How to apply</h2>
<p>Write to the legal department address in the footer with the role in the subject line and a few lines about something you built or fixed. We answer every application.</p>`,
  },
];
