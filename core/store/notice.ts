/** The global notice; the notice modal shows while it has an id. */
import { proxy } from 'valtio/vanilla';
import type { Notice } from '../protocol/index.ts';

/** The current notice, or null. */
export interface NoticeState {
  current: Notice | null;
}

/** No notice. */
export const initialNotice: Readonly<NoticeState> = { current: null };

/** The shared notice state. */
export const notice = proxy<NoticeState>({ ...initialNotice });

/** Sets or clears the current notice. */
export function setNotice(next: Notice | null): void {
  notice.current = next;
}
