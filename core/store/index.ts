/** The core store: one valtio proxy per slice, mutated only through the exported actions. */
export * from './cookies.ts';
export * from './currencies.ts';
export * from './live.ts';
export * from './modals.ts';
export * from './notice.ts';
export * from './supportClient.ts';
export * from './swap.ts';
export * from './trading.ts';
export * from './user.ts';
export * from './verification.ts';
