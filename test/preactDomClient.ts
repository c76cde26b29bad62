/**
 * React DOM's root API on Preact's own `render`, for Testing Library in the widgets' component
 * tests: the widgets ship Preact without preact/compat, so their tests render without it too.
 */
import { type ComponentChild, render } from 'preact';

/** A root in `container`, as `react-dom/client` makes one. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render(children: ComponentChild): void {
      render(children, container);
    },
    unmount(): void {
      render(null, container);
    },
  };
}

/** What Testing Library reads from `react-dom` (it uses `createRoot` unless told otherwise). */
export default { createRoot };
