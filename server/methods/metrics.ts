/**
 * metrics.* methods: page views and analytics events (one per route change). They
 * are fire-and-forget for the client and nobody's words, so over-long strings are cut and
 * characters that cannot be stored dropped, rather than refused.
 */
import { z } from 'zod';
import { loose, params } from '../http/fields.ts';
import { defineMethod, type Method } from './registry.ts';

/** Longest stored URL or referer. */
export const MAX_URL_LENGTH = 2048;
/** Longest stored event id. */
export const MAX_EVENT_ID_LENGTH = 128;

const addVisitor = defineMethod({
  name: 'metrics.addVisitor',
  access: 'public',
  params: params({ referer: loose(MAX_URL_LENGTH), url: loose(MAX_URL_LENGTH) }),
  async handler(params, ctx) {
    await ctx.db
      .insertInto('visitors')
      .values({
        url: params.url,
        referer: params.referer,
        ip: ctx.ip,
        user_id: ctx.caller?.user.id ?? null,
        sub_id: ctx.subId,
      })
      .execute();
    ctx.live.recordView();
    return {};
  },
});

const addEvent = defineMethod({
  name: 'metrics.addEvent',
  access: 'public',
  params: params({ id: z.union([loose(MAX_EVENT_ID_LENGTH), z.number().finite()]) }),
  async handler(params, ctx) {
    await ctx.db
      .insertInto('events')
      .values({
        event_id: String(params.id),
        ip: ctx.ip,
        user_id: ctx.caller?.user.id ?? null,
        sub_id: ctx.subId,
      })
      .execute();
    return {};
  },
});

/** The metrics.* methods. */
export const metricMethods: readonly Method[] = [addVisitor, addEvent];
