/** Cookie-notice acceptance: shown until accepted, then stored as true. */
import { proxy } from 'valtio/vanilla';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';

/** Whether the visitor accepted cookies. */
export interface CookiesState {
  isAccepted: boolean;
}

/** Not accepted. */
export const initialCookies: Readonly<CookiesState> = { isAccepted: false };

/** The shared acceptance state. */
export const cookies = proxy<CookiesState>({ ...initialCookies });

/** Reads the stored acceptance; call at start. */
export function loadCookieAcceptance(): void {
  cookies.isAccepted = readStored(STORAGE_KEYS.cookiesAccepted) === 'true';
}

/** Accepts cookies and remembers it. */
export function acceptCookies(): void {
  writeStored(STORAGE_KEYS.cookiesAccepted, 'true');
  cookies.isAccepted = true;
}
