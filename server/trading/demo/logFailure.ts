/** How the demo market reports what went wrong without ever stopping for it. */
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../errors/DomainError.ts';

/**
 * Logs a failed step: a refusal any trader can meet (a balance too low, a post-only quote that
 * would take) at debug, anything else at warn; never rethrows.
 */
export function logFailure(
  log: FastifyBaseLogger,
  error: unknown,
  message: string,
  context: Record<string, unknown> = {},
): void {
  const level = error instanceof DomainError ? 'debug' : 'warn';
  log[level]({ err: error, ...context }, `demo market: ${message}`);
}

/** Whether a refusal says the account's balance was too low: its balances are read again. */
export function isShortOfFunds(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'order.insufficientBalance';
}
