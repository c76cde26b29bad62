/** Copying an address with the confirmation toast of spec §8. */
import { notify } from '../core/index.ts';

/** The confirmation shown after a successful copy (spec §8). */
export const COPIED_TEXT = 'Address successfully copied to clipboard';

/** Copies `text` and confirms with a toast; says so with an error toast when the browser refuses. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ kind: 'toast', tone: 'success', text: COPIED_TEXT });
    return true;
  } catch {
    notify({
      kind: 'toast',
      tone: 'error',
      text: 'The browser did not allow copying. Select the address and copy it by hand.',
    });
    return false;
  }
}
