/**
 * What every test server's environment carries, in process or spawned: a password cost low enough
 * for hundreds of sign-ups per run (scrypt N=2^10 instead of 2^17; the production cost is pinned
 * by server/accounts/passwords.test.ts), which the server accepts only with NODE_ENV=test.
 */
export const TEST_SERVER_ENV = { NODE_ENV: 'test', TEST_PASSWORD_LOG2N: '10' } as const;
