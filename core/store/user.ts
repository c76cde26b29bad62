/**
 * The signed-in user: unloaded until the profile call answers,
 * then loaded and either authenticated or not.
 */
import { proxy } from 'valtio/vanilla';
import { call } from '../api.ts';
import { notify } from '../notify.ts';
import { type Config, type Params, SERVER_ERROR_TEXT, type User } from '../protocol/index.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { resetSupportClient } from './supportClient.ts';

/** The profile plus the client-side flags: whether it loaded and whether it is signed in. */
export interface UserState extends User {
  token: string;
  isAuth: boolean;
  isLoaded: boolean;
}

/** Nobody, not yet loaded. */
export const initialUser: Readonly<UserState> = {
  id: 0,
  email: '',
  login: '',
  balance: 0,
  token: '',
  image: null,
  statusId: 0,
  created_at: '',
  kyc_status: 0,
  two_factor: false,
  isPremium: false,
  isVerified: false,
  isKyc: false,
  is2FA: false,
  isWalletConnect: false,
  balanceBTC: 0,
  percentChange: 0,
  referalCode: '',
  isAuth: false,
  isLoaded: false,
  isKycPending: false,
  kycStatusId: 0,
  isEmailVerified: false,
  mailSupportReplies: true,
};

/** The shared user state. */
export const user = proxy<UserState>({ ...initialUser });

/** The site configuration that comes with the profile. */
export const initialConfig: Readonly<Config> = { socials: {}, live: { is_enabled: false } };

/** The shared site configuration. */
export const config = proxy<Config>({ socials: {}, live: { is_enabled: false } });

/** Stores a loaded profile and mirrors its remembered fields to local storage. */
export function setUser(profile: User, token?: string): void {
  Object.assign(user, profile, { isAuth: true, isLoaded: true });
  if (token !== undefined) {
    user.token = token;
    writeStored(STORAGE_KEYS.token, token);
  }
  writeStored(STORAGE_KEYS.email, profile.email);
  writeStored(STORAGE_KEYS.login, profile.login);
}

/** Signed out but loaded: the state after a failed profile call or a logout. */
export function resetUser(): void {
  Object.assign(user, initialUser, { isLoaded: true });
  removeStored(STORAGE_KEYS.token);
  removeStored(STORAGE_KEYS.email);
  removeStored(STORAGE_KEYS.login);
}

/**
 * Reloads the profile; when the server refuses it the user is signed out and support state reset
 * (status false). When no answer came (the network failed, or the page was left mid-call: a browser
 * aborts its requests as it navigates, and this code may still run before the page goes), the
 * session is kept for the next load rather than thrown away.
 */
export async function loadUser(): Promise<boolean> {
  const session = readStored(STORAGE_KEYS.token);
  const reply = await call('users.getInfo', {});
  if (reply.config) Object.assign(config, reply.config);
  // Signed out (or in again) while the call was under way: the answer is about a session that is
  // no longer this page's, and must not sign a person back in on the sign-in page.
  if (readStored(STORAGE_KEYS.token) !== session) return user.isAuth;
  if (reply.status) {
    setUser(reply.user);
    return true;
  }
  if (reply.error_msg === SERVER_ERROR_TEXT) {
    user.isLoaded = true;
    return false;
  }
  resetUser();
  resetSupportClient();
  return false;
}

/**
 * What a sign-in or sign-up came to; `twoFactorRequired` means the password was right and the
 * account's two-factor code is needed (again).
 */
export type AuthOutcome = { ok: true } | { ok: false; error: string; twoFactorRequired: boolean };

/**
 * Signs in or up; on success the session is stored and the profile loaded. `code` is the
 * two-factor code (or a recovery code) of a sign-in that asked for one.
 */
export async function authenticate(
  mode: 'signIn' | 'signUp',
  params: Params<'users.signUp'>,
  code?: string,
): Promise<AuthOutcome> {
  if (mode === 'signIn') {
    const { email, password } = params;
    const reply = await call('users.signIn', { email, password, ...(code ? { code } : {}) });
    if (!reply.status) {
      return { ok: false, error: reply.error_msg, twoFactorRequired: !!reply.twoFactorRequired };
    }
    setUser(reply.user, reply.token);
    return { ok: true };
  }
  const reply = await call('users.signUp', params);
  if (!reply.status) return { ok: false, error: reply.error_msg, twoFactorRequired: false };
  setUser(reply.user, reply.token);
  // The account exists either way; the person still learns the link's code was not applied.
  if (reply.referralNotice) notify({ kind: 'toast', tone: 'info', text: reply.referralNotice });
  return { ok: true };
}

/** Ends the session on the server, then clears the user and the stored token. */
export async function logout(): Promise<void> {
  await call('users.logout', {});
  resetUser();
  resetSupportClient();
}
