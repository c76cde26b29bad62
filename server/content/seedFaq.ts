/**
 * The help-center entries the content migration seeds, by section slug. The site's
 * /faq page shows the sections in this order and links #security, #withdrawal and #deposit.
 */
import type { FaqItem } from '../../core/protocol/index.ts';

/** A help-center section: its slug (faq.getItems' key and the page anchor), title and entries. */
export interface SeedFaqSection {
  slug: string;
  title: string;
  items: FaqItem[];
}

const entry = (question: string, answer: string): FaqItem => ({ question, answer, video: null });

/** How referrals pay; migration 0018 brings databases seeded before the commissions to it. */
export const REFERRAL_ENTRY = entry(
  'How do referrals work?',
  'Share the referral link from your Account page. An account opened through it is yours for good: each time it pays a trading fee, your share of that fee (shown next to your link) is credited to your wallet at once, in the currency of the fee, and listed in your history as a referral commission. You cannot refer yourself.',
);

/** What verification collects and why; migration 0018 adds it to databases seeded before. */
export const VERIFICATION_ENTRY = entry(
  'What does identity verification collect, and why?',
  'Your name, date of birth, address and phone, the type and number of an identity document, photos of it and a selfie with it. We need them to keep stolen accounts and money from moving through the exchange and to meet our legal duties; verifying raises your withdrawal limit. The hidden data a phone adds to a photo, such as where it was taken, is removed before it is stored. Only you and our review team can see your documents. The KYC policy says more.',
);

/** The seeded sections in display order. */
export const SEED_FAQ: readonly SeedFaqSection[] = [
  {
    slug: 'security',
    title: 'Security',
    items: [
      entry(
        'How is my password stored?',
        'Only as a scrypt hash with a random salt. Nobody, staff included, can read your password; if you forget it, it can only be replaced.',
      ),
      entry(
        'How do I keep my account safe?',
        'Use a password you use nowhere else, sign out on shared devices, and never share your session or password with anyone. Staff will never ask for your password.',
      ),
      entry(
        'Someone else may have used my account. What do I do?',
        'Log out everywhere by changing your password, then tell live support at once. We can block withdrawals while we look into it.',
      ),
      entry(
        'Does support ever ask me to pay to unlock a withdrawal?',
        'No. Verification is free and we never ask you to send crypto to verify or to release funds. Treat any such request as fraud and report it.',
      ),
    ],
  },
  {
    slug: 'deposit',
    title: 'Deposits',
    items: [
      entry(
        'How do I deposit crypto?',
        'Open Account, then Deposit, choose the asset and copy its address. Send only that asset on the network shown; anything else cannot be recovered.',
      ),
      entry(
        'When will my deposit arrive?',
        'After the network confirms it. Bitcoin usually needs about 30 minutes, most other networks a few minutes.',
      ),
      entry(
        'Can I buy crypto with a card?',
        'Yes: Buy Crypto in your account lets you pay by card or bank transfer. The amount you receive is shown before you pay.',
      ),
      entry(
        'Is there a minimum deposit?',
        'Each asset shows its minimum on the deposit page; smaller amounts are not credited because the network fee would exceed them.',
      ),
    ],
  },
  {
    slug: 'withdrawal',
    title: 'Withdrawals',
    items: [
      entry(
        'How do I withdraw?',
        'Open Account, then Withdraw, choose the asset, paste the destination address, check it twice and confirm. Withdrawals to a wrong address cannot be reversed.',
      ),
      entry(
        'Why is my withdrawal waiting for verification?',
        'Above the limit shown in your account we must verify your identity first. The limit is shown on the withdraw page; verify under Account, Verification (four short steps, free of charge) and the higher limit applies as soon as your documents are approved.',
      ),
      entry(
        'How long does a withdrawal take?',
        'Most are sent within an hour. The network then needs its own confirmation time before the funds show at the destination.',
      ),
      entry(
        'What does a withdrawal cost?',
        'The network fee of the chosen asset, shown on the withdrawal form before you confirm. We add nothing else.',
      ),
    ],
  },
  {
    slug: 'account',
    title: 'Account and trading',
    items: [
      entry(
        'What can I trade?',
        'Eight assets against USDT: BTC, ETH, BNB, XRP, DOGE, SOL, LTC and TRX, on the spot market or peer to peer.',
      ),
      entry(
        'How is my balance in USD calculated?',
        'It is the sum of your wallets at the current reference prices. Every change comes from a ledger entry you can trace.',
      ),
      REFERRAL_ENTRY,
      VERIFICATION_ENTRY,
      entry(
        'How do I contact support?',
        'Use the Support button on any account page: a person answers in the chat, and you can attach a screenshot.',
      ),
    ],
  },
];
