/** Loads the widget suite (`/widgets.js`) once, for the pages that place its elements. */
import { useEffect } from 'react';
import type {} from '../widgets/jsx.ts';

/** The script's path on the exchange. */
export const WIDGETS_SCRIPT = '/widgets.js';

/** Adds the widget script to the page the first time a component that needs it mounts. */
export function useWidgets(): void {
  useEffect(() => {
    if (document.querySelector(`script[src="${WIDGETS_SCRIPT}"]`)) return;
    const script = document.createElement('script');
    script.src = WIDGETS_SCRIPT;
    script.async = true;
    document.head.append(script);
  }, []);
}
