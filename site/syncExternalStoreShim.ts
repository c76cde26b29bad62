/**
 * Stands in for `use-sync-external-store/shim` in the site build: React 19 has the hook built in,
 * so the shim's fallback for React 16 and 17 (which the router and the trading page's signals
 * import) would only be downloaded, never run.
 */
export { useSyncExternalStore } from 'react';
