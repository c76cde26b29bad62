/**
 * The shared core: protocol types, codec, API client, store, formatting and validation rules, and
 * the market maths (pairs, ticks, lots).
 */
export * from './api.ts';
export * from './apiClient.ts';
export * from './codec.ts';
export * from './errors/index.ts';
export * from './format/index.ts';
export * from './markets/index.ts';
export * from './notify.ts';
// markets/pairs.ts declares PairSymbol as protocol.ts does; naming one settles which is exported.
export * from './protocol/index.ts';
export * from './queryParams.ts';
export * from './rules.ts';
export * from './storage.ts';
export * from './store/index.ts';
// The support chat (supportChat.ts, supportSocket.ts, upload.ts) is imported from its own files:
// re-exported here, Rollup would put it in the chunk every page loads (2.1 KB gz more on home).
