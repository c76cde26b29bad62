/**
 * The transfer form's rules, checked before anything is sent so a person learns of a typo at
 * once; the server checks them all again (and the decimals each asset allows). Where a rule is
 * the server's, the form says it in the server's words.
 */
import { errorText } from '../../../core/errors/index.ts';
import { parseDecimal, rescale } from '../../../core/markets/decimal.ts';

/** What the person typed. */
export interface TransferFields {
  to: string;
  amount: string;
  note: string;
}

/** A message per field that needs fixing. */
export type TransferErrors = Partial<Record<keyof TransferFields, string>>;

/** Decimals both sides are compared at: the ledger's. */
const LEDGER_DECIMALS = 18;

/** A decimal string as an integer at the ledger's scale, or null when it is not a number. */
function scaled(text: string): bigint | null {
  const value = parseDecimal(text.trim());
  return typeof value === 'string' ? null : rescale(value, LEDGER_DECIMALS);
}

/** The problems of a transfer of `fields` from a wallet holding `available` (a decimal string). */
export function validateTransfer(
  fields: TransferFields,
  available: string,
  noteMax: number,
): TransferErrors {
  const errors: TransferErrors = {};
  if (fields.to.trim() === '') errors.to = "Enter the recipient's email or username.";
  const amount = scaled(fields.amount);
  if (amount === null) errors.amount = errorText('wallet.amountFormat');
  else if (amount <= 0n) errors.amount = errorText('wallet.notPositive');
  else if (amount > (scaled(available) ?? 0n)) {
    errors.amount = `You have ${available} available.`;
  }
  if (fields.note.trim().length > noteMax) errors.note = `Keep the note to ${noteMax} characters.`;
  return errors;
}

/** A fresh key for one confirmed transfer: a retry of the same confirmation sends it again. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, works outside secure contexts too.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
