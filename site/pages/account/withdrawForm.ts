/**
 * The withdrawal form's rules, with exact decimals: the amount the address receives, the
 * network's disclosed fee on top, and what leaves the balance in all. The server checks them
 * all again, with the address, the limits and the two-factor code; where a rule is the server's,
 * the form says it in the server's words.
 */
import { errorText } from '../../../core/errors/index.ts';
import { formatDecimal, parseDecimal, rescale } from '../../../core/markets/decimal.ts';
import { isTag, tagFormatText } from './addressBook.ts';

/** What the person typed. */
export interface WithdrawFields {
  address: string;
  tag: string;
  /** The receiving wallet needs no tag (an own wallet rather than an exchange's). */
  withoutTag: boolean;
  amount: string;
  code: string;
}

/** A message per field that needs fixing. */
export type WithdrawErrors = Partial<Record<'address' | 'tag' | 'amount' | 'code', string>>;

/** What the chosen network and wallet allow. */
export interface WithdrawTerms {
  /** The asset withdrawn ("USDT") and its network as people know it ("TRON (TRC-20)"). */
  asset: string;
  networkName: string;
  available: string;
  fee: string;
  minWithdrawal: string;
  /** The name of the number that goes with an address ("Destination tag"), or null. */
  tagName: string | null;
  /** Whether a two-factor code must come with it. */
  needsCode: boolean;
  /** Whether the address must be one of the saved ones (picked, not typed). */
  onlySaved?: boolean;
}

/** Decimals both sides are compared at: the ledger's. */
const SCALE = 18;

function scaled(text: string): bigint | null {
  const value = parseDecimal(text.trim());
  return typeof value === 'string' ? null : rescale(value, SCALE);
}

/** The amount plus the fee: what leaves the balance. */
export function totalWithFee(amount: string, fee: string): string {
  return formatDecimal((scaled(amount) ?? 0n) + (scaled(fee) ?? 0n), SCALE);
}

/** The most the address can receive from `available` once the fee is paid, or "0". */
export function maxWithdrawal(available: string, fee: string): string {
  const left = (scaled(available) ?? 0n) - (scaled(fee) ?? 0n);
  return left > 0n ? formatDecimal(left, SCALE) : '0';
}

/** The problems of a withdrawal of `fields` on these terms. */
export function validateWithdrawal(fields: WithdrawFields, terms: WithdrawTerms): WithdrawErrors {
  const errors: WithdrawErrors = {};
  if (fields.address.trim() === '') {
    errors.address = terms.onlySaved
      ? 'Choose one of your saved addresses that is usable now.'
      : errorText('address.empty', { network: terms.networkName });
  }
  if (terms.tagName !== null && fields.tag.trim() === '' && !fields.withoutTag) {
    errors.tag = errorText('address.tagRequired', { tag: terms.tagName.toLowerCase() });
  } else if (fields.tag.trim() !== '' && !isTag(fields.tag)) {
    errors.tag = tagFormatText(terms.tagName);
  }
  const amount = scaled(fields.amount);
  if (amount === null) errors.amount = errorText('wallet.amountFormat');
  else if (amount < (scaled(terms.minWithdrawal) ?? 0n)) {
    const { asset, networkName: network, minWithdrawal: min } = terms;
    errors.amount = errorText('withdrawal.tooSmall', { asset, network, min });
  } else if (amount + (scaled(terms.fee) ?? 0n) > (scaled(terms.available) ?? 0n)) {
    errors.amount = `With the ${terms.fee} fee, you can send at most ${maxWithdrawal(terms.available, terms.fee)}.`;
  }
  if (terms.needsCode && !/^\S{6,}$/.test(fields.code.trim())) {
    errors.code = errorText('withdrawal.codeRequired');
  }
  return errors;
}
