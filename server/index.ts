/** The server's public surface: what main, the tests in test/ and tools may import. */
export { createServer } from './app.ts';
export { type Config, ConfigError, describeDatabase, loadConfig } from './config.ts';
export { methods } from './methods/index.ts';
export type { Access, Method } from './methods/registry.ts';
export { type Database, openDatabase } from './storage/db.ts';
