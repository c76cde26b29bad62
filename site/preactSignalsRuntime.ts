/**
 * Stands in for `@preact/signals-react/runtime` in the site build, where React is Preact
 * (preact/compat) and signals come from `@preact/signals`: there a component that reads a
 * signal's value while rendering is subscribed to it by Preact itself, so the React binding's
 * `useSignals()` has nothing left to do.
 */
export function useSignals(): void {}
