/** The support-client state behind the staff dialog view. */
import { proxy } from 'valtio/vanilla';
import type { SupportClientRecord, SupportVariables } from '../protocol/index.ts';

/** Unread count, pinning, canned-reply variables and the client's record. */
export interface SupportClientState {
  unreadMessages: number;
  isPinnedDialog: boolean;
  variables: SupportVariables | null;
  items: SupportClientRecord | null;
}

/** Nothing unread, nothing loaded. */
export const initialSupportClient: Readonly<SupportClientState> = {
  unreadMessages: 0,
  isPinnedDialog: false,
  variables: null,
  items: null,
};

/** A fresh support-client state, so two chat widgets on one page never share one by accident. */
export function createSupportClientState(): SupportClientState {
  return proxy<SupportClientState>({ ...initialSupportClient });
}

/** The site's shared support-client state. */
export const supportClient = createSupportClientState();

/** Sets the unread count. */
export function setUnreadMessages(count: number, state = supportClient): void {
  state.unreadMessages = count;
}

/** Replaces the client's record. */
export function setSupportUser(record: SupportClientRecord | null, state = supportClient): void {
  state.items = record;
}

/** Updates one field of the client's record by key and value. */
export function updateSupportUser<K extends keyof SupportClientRecord>(
  key: K,
  value: SupportClientRecord[K],
  state = supportClient,
): void {
  if (state.items) state.items[key] = value;
}

/** Replaces the canned-reply variables. */
export function setSupportVariables(
  variables: SupportVariables | null,
  state = supportClient,
): void {
  state.variables = variables;
}

/** Flips the pinned-dialog flag. */
export function togglePinnedDialog(state = supportClient): void {
  state.isPinnedDialog = !state.isPinnedDialog;
}

/** Back to the initial state. */
export function resetSupportClient(state = supportClient): void {
  Object.assign(state, initialSupportClient);
}
