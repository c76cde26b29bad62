// What component tests need of Vite's dev client (`/@vite/client`), served in its place. The real
// client opens a hot-reload socket that the test runner does not serve, and its failure surfaces
// as "an error thrown outside a test" in any file whose CSS loads slowly. Tests never hot-reload:
// they need only the style injection that CSS imports call, and no-op hot contexts.

const styles = new Map();

export function updateStyle(id, content) {
  let style = styles.get(id);
  if (style === undefined) {
    style = document.createElement('style');
    style.setAttribute('data-vite-dev-id', id);
    document.head.appendChild(style);
    styles.set(id, style);
  }
  if (style.textContent !== content) style.textContent = content;
}

export function removeStyle(id) {
  styles.get(id)?.remove();
  styles.delete(id);
}

export function createHotContext() {
  const none = () => {};
  return {
    accept: none,
    dispose: none,
    prune: none,
    invalidate: none,
    on: none,
    off: none,
    send: none,
    data: {},
  };
}

export function injectQuery(url, query) {
  if (url[0] !== '.' && url[0] !== '/') return url;
  const parsed = new URL(url, 'http://tests.invalid');
  const search = parsed.search ? `&${parsed.search.slice(1)}` : '';
  return `${url.replace(/[?#].*$/, '')}?${query}${search}${parsed.hash}`;
}

export class ErrorOverlay {}
