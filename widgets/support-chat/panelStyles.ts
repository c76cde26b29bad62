/**
 * The chat panel's styles: frame, history, composer, attachments and the visitor form.
 */
export const SUPPORT_PANEL_CSS = `
.sc-panel *, .sc-panel *::before, .sc-panel *::after { box-sizing: border-box; }
.sc-panel {
  display: flex; flex-direction: column; min-height: 0; height: 100%;
  background: var(--sc-bg); border: 1px solid var(--sc-border); border-radius: var(--sc-radius);
  overflow: hidden;
}
.sc-panel.sc-floating {
  position: fixed; z-index: 60; right: 1em; bottom: 1em;
  width: min(380px, calc(100vw - 2em)); height: min(580px, calc(100vh - 2em));
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.45);
  animation: sc-fade 300ms ease-out;
}
.sc-head { display: flex; align-items: center; gap: 0.6em; padding: 0.7em 0.9em; border-bottom: 1px solid var(--sc-border); }
.sc-title { margin: 0; font-size: 1em; font-weight: 700; flex: 1; }
.sc-status { display: inline-flex; align-items: center; gap: 0.4em; font-size: 0.8em; color: var(--sc-muted); }
.sc-dot { width: 0.6em; height: 0.6em; border-radius: 50%; background: var(--sc-live); animation: sc-blink 1.4s ease-in-out infinite; }
.sc-spinner { width: 0.8em; height: 0.8em; border-radius: 50%; border: 2px solid var(--sc-muted); border-top-color: transparent; animation: sc-spin 0.9s linear infinite; }
@keyframes sc-spin { to { transform: rotate(360deg); } }
@keyframes sc-fade { from { opacity: 0; transform: translateY(8px); } }
.sc-icon-button {
  display: inline-flex; align-items: center; justify-content: center; min-width: 2.25em; min-height: 2.25em;
  border: 1px solid transparent; border-radius: 8px; background: transparent; color: var(--sc-text);
  font: inherit; font-size: 1.1em; cursor: pointer;
}
.sc-icon-button:hover:not(:disabled) { border-color: var(--sc-border); }
.sc-icon-button:disabled { opacity: 0.45; cursor: not-allowed; }
.sc-log { flex: 1; min-height: 0; overflow-y: auto; padding: 0.8em; display: flex; flex-direction: column; gap: 0.6em; }
.sc-empty, .sc-error { margin: auto 0; text-align: center; color: var(--sc-muted); }
.sc-error { color: var(--sc-danger); }
.sc-message { max-width: 85%; display: flex; flex-direction: column; gap: 0.25em; align-self: flex-start; }
.sc-message.sc-mine { align-self: flex-end; align-items: flex-end; }
.sc-bubble { padding: 0.5em 0.75em; border-radius: 12px; background: var(--sc-theirs); white-space: pre-wrap; overflow-wrap: anywhere; }
.sc-mine .sc-bubble { background: var(--sc-mine); }
.sc-sending .sc-bubble { opacity: 0.7; }
.sc-meta { font-size: 0.75em; color: var(--sc-muted); }
.sc-seen { margin: -0.4em 0 0; align-self: flex-end; font-size: 0.75em; color: var(--sc-muted); }
.sc-author { font-size: 0.75em; font-weight: 600; color: var(--sc-muted); }
.sc-media-image { display: block; max-width: min(250px, 100%); height: auto; border-radius: 8px; }
.sc-media-video { display: block; max-width: min(300px, 100%); border-radius: 8px; }
.sc-faq { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 0.3em; }
.sc-faq summary { cursor: pointer; font-weight: 600; }
.sc-links { margin: 0; padding-left: 1.1em; }
.sc-bubble a { color: var(--sc-accent); }
.sc-typing { min-height: 1.4em; padding: 0 0.9em; font-size: 0.85em; color: var(--sc-muted); }
.sc-composer { border-top: 1px solid var(--sc-border); padding: 0.6em; display: flex; flex-direction: column; gap: 0.4em; }
.sc-row { display: flex; align-items: flex-end; gap: 0.4em; }
.sc-input {
  flex: 1; min-height: 2.6em; max-height: 8em; resize: none; padding: 0.55em 0.7em;
  border: 1px solid var(--sc-border); border-radius: 8px; background: transparent; color: var(--sc-text);
  font: inherit; font-size: 16px;
}
.sc-send { background: var(--sc-accent); color: var(--sc-accent-text); font-weight: 700; padding: 0 0.9em; }
.sc-send:hover:not(:disabled) { border-color: var(--sc-accent); }
.sc-file { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
.sc-attachment { display: flex; align-items: center; gap: 0.5em; font-size: 0.85em; color: var(--sc-muted); }
.sc-attachment progress { flex: 1; accent-color: var(--sc-accent); }
.sc-attachment-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sc-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) { .sc-panel.sc-floating { right: 0; bottom: 0; width: 100vw; height: 100dvh; border-radius: 0; } }
.sc-visitor { display: flex; flex-direction: column; gap: 0.5em; padding: 0.9em; overflow-y: auto; }
.sc-visitor label { font-size: 0.9em; font-weight: 600; }
.sc-visitor .sc-input { flex: none; }
.sc-visitor .sc-error { margin: 0; text-align: left; }
.sc-start {
  margin-top: 0.4em; min-height: 2.75em; border: 0; border-radius: 8px; cursor: pointer;
  background: var(--sc-accent); color: var(--sc-accent-text); font: inherit; font-weight: 700;
}
.sc-start:disabled { opacity: 0.6; cursor: progress; }
/* Last, so it overrides the animations above. */
@media (prefers-reduced-motion: reduce) {
  .sc-dot, .sc-panel.sc-floating { animation: none; }
  .sc-spinner { animation-duration: 2.5s; }
}
`;
