/**
 * The rate-limit headers of every /api answer, as the IETF draft "RateLimit header fields for
 * HTTP" (draft-ietf-httpapi-ratelimit-headers) names them: the window's points, those left and
 * the seconds until the window ends; and on a refusal `Retry-After` (RFC 9110 §10.2.3) in
 * seconds. They tell the limit the request counted against: its API key's for a signed call,
 * else its address's. No limit (turned off), no headers.
 */
import type { FastifyReply } from 'fastify';
import type { LimitState } from './limits.ts';

/** Sets the headers for `state`; nothing when there is no limit to tell. */
export function setLimitHeaders(reply: FastifyReply, state: LimitState | null): void {
  if (state === null) return;
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(state.remaining));
  reply.header('ratelimit-reset', String(Math.ceil(state.resetMs / 1000)));
  if (state.wait > 0) reply.header('retry-after', String(Math.ceil(state.wait / 1000)));
}
