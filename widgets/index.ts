/**
 * The widget bundle: every custom element of the suite is imported here, and this file is what
 * `vite.widgets.config.ts` builds into the one script a partner page loads.
 */
import './live-counter/element.ts';
