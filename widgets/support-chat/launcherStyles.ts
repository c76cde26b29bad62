/**
 * The floating launcher's styles: the button, its live dot and unread badge, the new-message
 * preview and the error toast.
 */
export const SUPPORT_LAUNCHER_CSS = `
.sc-launcher {
  position: fixed; z-index: 50; right: 1em; bottom: 1em; display: inline-flex; align-items: center; gap: 0.5em;
  min-height: 3em; padding: 0 1.1em; border: 0; border-radius: 999px; cursor: pointer;
  background: var(--sc-accent); color: var(--sc-accent-text); font-weight: 700; box-shadow: 0 6px 24px rgb(0 0 0 / 0.4);
}
.sc-launcher-dot { width: 0.6em; height: 0.6em; border-radius: 50%; background: var(--sc-live); box-shadow: 0 0 0 2px var(--sc-accent-text); animation: sc-blink 1.4s ease-in-out infinite; }
.sc-launcher-dot[data-live="false"] { background: var(--sc-muted); animation: none; }
.sc-badge { min-width: 1.4em; padding: 0 0.35em; border-radius: 999px; background: #d93025; color: #fff; font-size: 0.8em; line-height: 1.4em; text-align: center; }
.sc-preview {
  display: block; position: fixed; z-index: 50; right: 1em; bottom: 4.5em; max-width: min(320px, calc(100vw - 2em));
  margin: 0; padding: 0.6em 0.8em; border: 1px solid var(--sc-border); border-radius: var(--sc-radius);
  background: var(--sc-bg); box-shadow: 0 6px 24px rgb(0 0 0 / 0.4); cursor: pointer; text-align: left;
}
.sc-preview strong { display: block; font-size: 0.8em; color: var(--sc-muted); }
.sc-toast {
  display: block; position: fixed; z-index: 70; left: 50%; top: 1em; transform: translateX(-50%); margin: 0;
  padding: 0.6em 1em; border-radius: 8px; background: #2a1416; color: var(--sc-danger); border: 1px solid var(--sc-danger);
}
@media (max-width: 1199px) { .sc-launcher { bottom: 5em; } }
@media (max-width: 1199px) { .sc-preview { bottom: 8.5em; } }
/* Last, so it overrides the animations above. */
@media (prefers-reduced-motion: reduce) { .sc-launcher-dot { animation: none; } }
`;
