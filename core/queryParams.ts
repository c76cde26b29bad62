/** Query-string effects at start: subid and ref are remembered. */
import { STORAGE_KEYS, writeStored } from './storage.ts';

/** Stores `subid` (unless absent or the text 'undefined') and `ref` as the referral code. */
export function rememberQueryParams(search: string): void {
  const query = new URLSearchParams(search);
  const subId = query.get('subid');
  if (subId && subId !== 'undefined') writeStored(STORAGE_KEYS.subId, subId);
  const ref = query.get('ref');
  if (ref) writeStored(STORAGE_KEYS.referralCode, ref);
}
