/**
 * The widget bundle: every custom element of the suite is imported here, and this file is what
 * `vite.widgets.config.ts` builds into the modules that `widgets.js` loads. Once all are defined
 * it announces itself (see ready.ts).
 */
import './live-counter/element.ts';
import './support-chat/element.ts';
import './notice-modal/element.ts';
import './faq-search/element.ts';
import { announceReady } from './ready.ts';

announceReady();
