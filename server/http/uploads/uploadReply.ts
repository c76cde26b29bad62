/**
 * Replies of the upload endpoint, encoded like the API's: plain JSON when the request comes from
 * a localhost page (its Origin's host, or without an Origin the Host header, is `localhost`) or
 * asks for JSON, otherwise the compact codec (core/codec.ts), which the client decodes with the
 * API's own reader. Never cached.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODEC_COMPACT, encode } from '../../../core/codec.ts';
import { type ErrorReport, replyOf } from '../../../core/errors/index.ts';
import type { UploadReply } from '../../../core/protocol/index.ts';

/**
 * Whether the reply is plain JSON: for a localhost page, or for a client that sends
 * plain JSON and says so with `Accept: application/json` (the widgets, which carry no codec).
 */
export function wantsJson(request: FastifyRequest): boolean {
  if (request.headers.accept?.includes('application/json')) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      return new URL(origin).hostname === 'localhost';
    } catch {
      return false;
    }
  }
  return request.hostname === 'localhost';
}

/** Sends upload replies in the encoding each request wants. */
export class UploadReplies {
  constructor(private readonly codecKey: Uint8Array) {}

  /** Sends a reply. */
  answer(request: FastifyRequest, reply: FastifyReply, body: UploadReply): FastifyReply {
    reply.header('cache-control', 'no-store');
    if (wantsJson(request)) return reply.send(body);
    return reply
      .type('application/octet-stream')
      .send(Buffer.from(encode(body, this.codecKey, CODEC_COMPACT)));
  }

  /** Sends a refusal. */
  refuse(request: FastifyRequest, reply: FastifyReply, problem: ErrorReport): FastifyReply {
    return this.answer(request, reply, replyOf(problem));
  }
}
