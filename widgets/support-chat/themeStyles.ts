/**
 * The support chat's theme, shared by the launcher and the panel: the host rules and the
 * `--exchange-*` custom properties a page themes it with. Each part's styles are a string rendered
 * in a `<style>` beside its markup, so they apply the same in the site and in a shadow root; the
 * launcher's and the panel's live in separate files so the widget bundle loads the panel's only
 * with the panel. Sizes are px and em, never rem: rem follows the host page's root font size,
 * which a partner page may set to anything. A `:host` rule loses to the page's own rules for the
 * host element, so the reset of inherited text styles sits on each root instead. Class names
 * carry an `sc-` prefix.
 */
export const SUPPORT_THEME_CSS = `
:host { all: initial; display: block; }
:host([hidden]) { display: none; }
.sc-panel, .sc-launcher, .sc-preview, .sc-toast {
  /* The host element inherits the page's text styles; each root starts from none of them. */
  all: initial;
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
  font-size: 16px;
  line-height: 1.45;
  color: var(--sc-text);
}
@keyframes sc-blink { 50% { opacity: 0.25; } }
.sc-panel :focus-visible, .sc-launcher:focus-visible { outline: 2px solid var(--sc-accent); outline-offset: 2px; }
`;
