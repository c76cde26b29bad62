/**
 * The built-in test provider's card checks: the card networks' published test numbers (the set
 * Stripe publishes for its test mode) and what each does, the Luhn check (ISO/IEC 7812-1), the
 * brand from the number's prefix, an expiry not in the past, and a CVC of 3 digits (4 on Amex).
 * Pure functions: the number and the CVC are checked and dropped, never stored or logged.
 */
import { errorText } from '../../core/errors/index.ts';

/** What paying with a test card does. */
export type TestCardOutcome = 'succeeds' | 'declined' | 'insufficientFunds' | 'challenge';

/** One published test card. */
export interface TestCard {
  number: string;
  brand: CardBrand;
  outcome: TestCardOutcome;
  /** What the payment page and the README say it does. */
  description: string;
}

/** The card brands the test provider recognises. */
export type CardBrand = 'visa' | 'mastercard' | 'amex';

/** The published test cards the test provider accepts; any other number is refused. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    outcome: 'succeeds',
    description: 'Succeeds (Visa)',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    outcome: 'succeeds',
    description: 'Succeeds (Mastercard)',
  },
  {
    number: '378282246310005',
    brand: 'amex',
    outcome: 'succeeds',
    description: 'Succeeds (American Express, 4-digit CVC)',
  },
  {
    number: '4000000000003220',
    brand: 'visa',
    outcome: 'challenge',
    description: 'Asks for 3-D Secure authentication, then succeeds or fails as you choose',
  },
  { number: '4000000000000002', brand: 'visa', outcome: 'declined', description: 'Declined' },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'insufficientFunds',
    description: 'Declined: insufficient funds',
  },
];

/** Why a card was refused before any payment was attempted, per field. */
export type CardProblems = Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>>;

/** The digits of a card number as typed (spaces and dashes allowed), or null. */
export function cardDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** Whether a number passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand a number's prefix names, or null for one the test provider does not know. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return null;
}

/** The details a payer typed on the payment page. */
export interface CardInput {
  number: string;
  /** MM/YY (or MM/YYYY). */
  expiry: string;
  cvc: string;
  name: string;
}

/** A checked card: its test card, or the problems with what was typed. */
export type CardCheck =
  | { ok: true; card: TestCard; last4: string }
  | { ok: false; problems: CardProblems };

/** Checks typed card details at `now`; the last four digits are all that leaves this function. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const problems: CardProblems = {};
  const digits = cardDigits(input.number);
  let card: TestCard | undefined;
  if (input.number.trim() === '') problems.number = errorText('card.numberMissing');
  else if (digits === null || !luhnValid(digits)) problems.number = errorText('card.numberInvalid');
  else {
    card = TEST_CARDS.find((candidate) => candidate.number === digits);
    if (card === undefined) problems.number = errorText('card.notTestCard');
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  if (expiry === null || month < 1 || month > 12) problems.expiry = errorText('card.expiryFormat');
  else {
    const yearText = expiry[2] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    // A card is valid to the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) problems.expiry = errorText('card.expiryPast');
  }
  const amex = (card?.brand ?? (digits === null ? null : cardBrand(digits))) === 'amex';
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc.trim())) {
    problems.cvc = errorText(amex ? 'card.cvcFormatAmex' : 'card.cvcFormat');
  }
  if (input.name.trim() === '') problems.name = errorText('card.nameMissing');
  if (card === undefined || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, card, last4: card.number.slice(-4) };
}
