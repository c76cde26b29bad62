/**
 * Code a widget loads only when it needs it (the chat session, the notice modal, the FAQ dialog),
 * in its own chunk: a hook instead of React's `lazy` and `Suspense`, which Preact has only through
 * preact/compat. The module loads once per page, whichever element asks first.
 */
import { useEffect, useState } from 'react';

/** A module loaded on first need. */
export interface OnDemand<M> {
  /** The module, once it has loaded. */
  loaded: M | null;
  /** Loads it (once). */
  load(): Promise<M>;
}

/** A module that `load` imports when first needed, e.g. `onDemand(() => import('./Big.tsx'))`. */
export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let loading: Promise<M> | null = null;
  const source: OnDemand<M> = {
    loaded: null,
    load() {
      loading ??= load().then(
        (module) => {
          source.loaded = module;
          return module;
        },
        (error: unknown) => {
          // A failed download is tried again at the next need.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
  return source;
}

/** The module of `source` once `needed` has been true and it has loaded; null before. */
export function useOnDemand<M>(source: OnDemand<M>, needed: boolean): M | null {
  const [module, setModule] = useState<M | null>(() => (needed ? source.loaded : null));
  useEffect(() => {
    if (!needed || module) return;
    let current = true;
    source.load().then(
      (loaded) => {
        if (current) setModule(() => loaded);
      },
      (error: unknown) => console.error('A widget module failed to load:', error),
    );
    return () => {
      current = false;
    };
  }, [source, needed, module]);
  return module;
}
