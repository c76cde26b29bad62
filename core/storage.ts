/**
 * Local-storage access that never throws: private modes, sandboxed frames and Node have no usable
 * localStorage, and losing a remembered value must not break the page.
 */

/** The local-storage keys the product uses. */
export const STORAGE_KEYS = {
  token: 'token',
  subId: 'subid',
  referralCode: 'referal_code',
  cookiesAccepted: 'cookies_accepted',
  email: 'email',
  login: 'login',
} as const;

const memory = new Map<string, string>();

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads a stored value, or null when absent or unreadable. */
export function readStored(key: string): string | null {
  try {
    return local()?.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

/** Stores a value, keeping it in memory when local storage refuses it. */
export function writeStored(key: string, value: string): void {
  memory.set(key, value);
  try {
    local()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the in-memory copy still serves this page.
  }
}

/** Removes a stored value. */
export function removeStored(key: string): void {
  memory.delete(key);
  try {
    local()?.removeItem(key);
  } catch {
    // Nothing to remove from an unusable storage.
  }
}
