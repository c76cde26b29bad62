/**
 * The create-API-key form's rules as the settings page applies them: its fields, the cheap checks
 * made before sending (the server checks everything again, addresses and public keys included;
 * where a rule is the server's, the form says it in the server's words), the parameters sent,
 * and which field a refusal's `param` belongs to.
 */
import { errorText } from '../../../core/errors/index.ts';
import {
  type ApiKeyKind,
  type ApiKeyScope,
  type CreateApiKeyParams,
  MAX_ALLOWLIST_ENTRIES,
} from '../../../core/index.ts';

/** The longest label the protocol allows. */
export const KEY_LABEL_MAX = 64;

/** How long a new key may work: for good, or a number of days. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365'] as const;

/** One expiry choice. */
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The form's fields, named after the parameters they become (so a refusal finds its field). */
export interface ApiKeyFields {
  label: string;
  kind: ApiKeyKind;
  publicKey: string;
  scopes: ApiKeyScope[];
  /** The allowlist as typed: one entry a line, or separated by commas. */
  ipAllowlist: string;
  expiresAt: ExpiryChoice;
  password: string;
  twoFactorCode: string;
}

/** One field of the form. */
export type ApiKeyField = keyof ApiKeyFields;

/** A message per field that needs fixing. */
export type ApiKeyErrors = Partial<Record<ApiKeyField, string>>;

/** The fields in the order they are shown: the first one to fix takes the focus. */
export const FIELD_ORDER: readonly ApiKeyField[] = [
  'label',
  'kind',
  'publicKey',
  'scopes',
  'ipAllowlist',
  'expiresAt',
  'password',
  'twoFactorCode',
];

/** A fresh form: an HMAC key that may read, with no allowlist and no expiry. */
export const EMPTY_KEY_FORM: ApiKeyFields = {
  label: '',
  kind: 'hmac',
  publicKey: '',
  scopes: ['read'],
  ipAllowlist: '',
  expiresAt: 'never',
  password: '',
  twoFactorCode: '',
};

const DAY_MS = 86_400_000;

/** The allowlist's entries: split at line breaks, commas and spaces, empty ones dropped. */
export function allowlistEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

/**
 * The fields after an edit: the withdraw scope goes when the allowlist is emptied, since a key
 * that may withdraw must name the addresses it is used from.
 */
export function editKeyForm(fields: ApiKeyFields, patch: Partial<ApiKeyFields>): ApiKeyFields {
  const next = { ...fields, ...patch };
  if (allowlistEntries(next.ipAllowlist).length === 0 && next.scopes.includes('withdraw')) {
    next.scopes = next.scopes.filter((scope) => scope !== 'withdraw');
  }
  return next;
}

/** The problems found before sending; `needsCode` when the account has two-factor on. */
export function validateApiKeyForm(fields: ApiKeyFields, needsCode: boolean): ApiKeyErrors {
  const errors: ApiKeyErrors = {};
  const label = fields.label.trim();
  if (label === '' || label.length > KEY_LABEL_MAX) {
    errors.label = `Give the key a label of 1 to ${KEY_LABEL_MAX} characters, such as “Trading bot”.`;
  }
  if (fields.kind === 'ed25519' && fields.publicKey.trim() === '') {
    errors.publicKey = errorText('apiKeys.publicKeyRequired');
  }
  if (fields.scopes.length === 0) errors.scopes = 'Choose at least one thing the key may do.';
  const entries = allowlistEntries(fields.ipAllowlist);
  if (entries.length > MAX_ALLOWLIST_ENTRIES) {
    errors.ipAllowlist = `An allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} addresses or ranges; this one has ${entries.length}.`;
  } else if (fields.scopes.includes('withdraw') && entries.length === 0) {
    errors.ipAllowlist = errorText('apiKeys.withdrawNeedsAllowlist');
  }
  if (fields.password === '') errors.password = 'Enter your password.';
  if (needsCode && fields.twoFactorCode.trim() === '') {
    errors.twoFactorCode = 'Enter the code from your authenticator app, or a recovery code.';
  }
  return errors;
}

/** What apiKeys.create is sent; the expiry counted from `now` (milliseconds since 1970). */
export function createKeyParams(
  fields: ApiKeyFields,
  needsCode: boolean,
  now: number,
): CreateApiKeyParams {
  const entries = allowlistEntries(fields.ipAllowlist);
  const publicKey = fields.publicKey.trim();
  return {
    label: fields.label.trim(),
    kind: fields.kind,
    scopes: [...fields.scopes],
    ...(fields.kind === 'ed25519' ? { publicKey } : {}),
    ...(entries.length > 0 ? { ipAllowlist: entries } : {}),
    ...(fields.expiresAt === 'never' ? {} : { expiresAt: now + Number(fields.expiresAt) * DAY_MS }),
    password: fields.password,
    ...(needsCode ? { twoFactorCode: fields.twoFactorCode.trim() } : {}),
  };
}

/** The field a refusal's `param` names (`ipAllowlist.3` is the allowlist's); null for none. */
export function fieldOfParam(param: string | undefined): ApiKeyField | null {
  const name = param?.split('.')[0];
  return FIELD_ORDER.find((field) => field === name) ?? null;
}

/** The id of a field's control (the two-factor field's is TwoFactorCodeField's own). */
export function fieldId(prefix: string, field: ApiKeyField): string {
  return field === 'twoFactorCode' ? `${prefix}-code` : `${prefix}-${field}`;
}
