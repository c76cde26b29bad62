/** Copying an address (or another text, such as a referral link) with a confirmation toast. */
import { notify } from '../core/index.ts';

/** The confirmation shown after a successful copy. */
export const COPIED_TEXT = 'Address successfully copied to clipboard';

/**
 * Copies `text` and confirms with a toast; says so with an error toast when the browser refuses.
 * `what` names the text in both toasts ("Address" unless given).
 */
export async function copyToClipboard(text: string, what = 'Address'): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ kind: 'toast', tone: 'success', text: `${what} successfully copied to clipboard` });
    return true;
  } catch {
    notify({
      kind: 'toast',
      tone: 'error',
      text: `The browser did not allow copying. Select the ${what.toLowerCase()} and copy it by hand.`,
    });
    return false;
  }
}
