/**
 * The support chat's styles as one string, rendered in a `<style>` beside the markup so they apply
 * the same in the site and inside a `<support-chat>` shadow root. Themed through `--exchange-*`
 * custom properties (shared with the other widgets); class names carry an `sc-` prefix so they
 * cannot meet the host page's.
 */
export const SUPPORT_CHAT_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.sc-panel, .sc-launcher {
  --sc-bg: var(--exchange-surface, #151a23);
  --sc-text: var(--exchange-text, #e8ecf3);
  --sc-muted: var(--exchange-muted, #a3adbf);
  --sc-border: var(--exchange-border, #2a3140);
  --sc-accent: var(--exchange-accent, #f0b90b);
  --sc-accent-text: var(--exchange-accent-text, #111318);
  --sc-mine: var(--exchange-chat-mine, #2b3445);
  --sc-theirs: var(--exchange-chat-theirs, #1d2430);
  --sc-live: var(--exchange-live, #2ebd85);
  --sc-danger: var(--exchange-danger, #ff8a80);
  --sc-radius: var(--exchange-radius, 10px);
  box-sizing: border-box;
  font-family: var(--exchange-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: 1rem;
  line-height: 1.45;
  color: var(--sc-text);
}
.sc-panel *, .sc-panel *::before, .sc-panel *::after { box-sizing: border-box; }
.sc-panel {
  display: flex; flex-direction: column; min-height: 0; height: 100%;
  background: var(--sc-bg); border: 1px solid var(--sc-border); border-radius: var(--sc-radius);
  overflow: hidden;
}
.sc-panel.sc-floating {
  position: fixed; z-index: 60; right: 1rem; bottom: 1rem;
  width: min(380px, calc(100vw - 2rem)); height: min(580px, calc(100vh - 2rem));
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.45);
  animation: sc-fade 300ms ease-out;
}
.sc-panel :focus-visible, .sc-launcher:focus-visible { outline: 2px solid var(--sc-accent); outline-offset: 2px; }
.sc-head { display: flex; align-items: center; gap: 0.6rem; padding: 0.7rem 0.9rem; border-bottom: 1px solid var(--sc-border); }
.sc-title { margin: 0; font-size: 1rem; font-weight: 700; flex: 1; }
.sc-status { display: inline-flex; align-items: center; gap: 0.4rem; font-size: 0.8rem; color: var(--sc-muted); }
.sc-dot { width: 0.6rem; height: 0.6rem; border-radius: 50%; background: var(--sc-live); animation: sc-blink 1.4s ease-in-out infinite; }
.sc-spinner { width: 0.8rem; height: 0.8rem; border-radius: 50%; border: 2px solid var(--sc-muted); border-top-color: transparent; animation: sc-spin 0.9s linear infinite; }
@keyframes sc-blink { 50% { opacity: 0.25; } }
@keyframes sc-spin { to { transform: rotate(360deg); } }
@keyframes sc-fade { from { opacity: 0; transform: translateY(8px); } }
@media (prefers-reduced-motion: reduce) {
  .sc-dot, .sc-launcher-dot, .sc-panel.sc-floating { animation: none; }
  .sc-spinner { animation-duration: 2.5s; }
}
.sc-icon-button {
  display: inline-flex; align-items: center; justify-content: center; min-width: 2.25rem; min-height: 2.25rem;
  border: 1px solid transparent; border-radius: 8px; background: transparent; color: var(--sc-text);
  font: inherit; font-size: 1.1rem; cursor: pointer;
}
.sc-icon-button:hover:not(:disabled) { border-color: var(--sc-border); }
.sc-icon-button:disabled { opacity: 0.45; cursor: not-allowed; }
.sc-log { flex: 1; min-height: 0; overflow-y: auto; padding: 0.8rem; display: flex; flex-direction: column; gap: 0.6rem; }
.sc-empty, .sc-error { margin: auto 0; text-align: center; color: var(--sc-muted); }
.sc-error { color: var(--sc-danger); }
.sc-message { max-width: 85%; display: flex; flex-direction: column; gap: 0.25rem; align-self: flex-start; }
.sc-message.sc-mine { align-self: flex-end; align-items: flex-end; }
.sc-bubble { padding: 0.5rem 0.75rem; border-radius: 12px; background: var(--sc-theirs); white-space: pre-wrap; overflow-wrap: anywhere; }
.sc-mine .sc-bubble { background: var(--sc-mine); }
.sc-sending .sc-bubble { opacity: 0.7; }
.sc-meta { font-size: 0.75rem; color: var(--sc-muted); }
.sc-media-image { display: block; max-width: min(250px, 100%); height: auto; border-radius: 8px; }
.sc-media-video { display: block; max-width: min(300px, 100%); border-radius: 8px; }
.sc-faq { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 0.3rem; }
.sc-faq summary { cursor: pointer; font-weight: 600; }
.sc-links { margin: 0; padding-left: 1.1rem; }
.sc-bubble a { color: var(--sc-accent); }
.sc-typing { min-height: 1.4rem; padding: 0 0.9rem; font-size: 0.85rem; color: var(--sc-muted); }
.sc-composer { border-top: 1px solid var(--sc-border); padding: 0.6rem; display: flex; flex-direction: column; gap: 0.4rem; }
.sc-row { display: flex; align-items: flex-end; gap: 0.4rem; }
.sc-input {
  flex: 1; min-height: 2.6rem; max-height: 8rem; resize: none; padding: 0.55rem 0.7rem;
  border: 1px solid var(--sc-border); border-radius: 8px; background: transparent; color: var(--sc-text);
  font: inherit; font-size: max(16px, 1rem);
}
.sc-send { background: var(--sc-accent); color: var(--sc-accent-text); font-weight: 700; padding: 0 0.9rem; }
.sc-send:hover:not(:disabled) { border-color: var(--sc-accent); }
.sc-file { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
.sc-attachment { display: flex; align-items: center; gap: 0.5rem; font-size: 0.85rem; color: var(--sc-muted); }
.sc-attachment progress { flex: 1; accent-color: var(--sc-accent); }
.sc-attachment-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sc-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sc-launcher {
  position: fixed; z-index: 50; right: 1rem; bottom: 1rem; display: inline-flex; align-items: center; gap: 0.5rem;
  min-height: 3rem; padding: 0 1.1rem; border: 0; border-radius: 999px; cursor: pointer;
  background: var(--sc-accent); color: var(--sc-accent-text); font-weight: 700; box-shadow: 0 6px 24px rgb(0 0 0 / 0.4);
}
.sc-launcher-dot { width: 0.6rem; height: 0.6rem; border-radius: 50%; background: var(--sc-live); box-shadow: 0 0 0 2px var(--sc-accent-text); animation: sc-blink 1.4s ease-in-out infinite; }
.sc-launcher-dot[data-live="false"] { background: var(--sc-muted); animation: none; }
.sc-badge { min-width: 1.4rem; padding: 0 0.35rem; border-radius: 999px; background: #d93025; color: #fff; font-size: 0.8rem; line-height: 1.4rem; text-align: center; }
@media (max-width: 1199px) { .sc-launcher { bottom: 5rem; } }
@media (max-width: 480px) { .sc-panel.sc-floating { right: 0; bottom: 0; width: 100vw; height: 100dvh; border-radius: 0; } }
`;
