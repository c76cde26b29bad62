/**
 * apiKeys.* methods: an account holder's API keys for trading programs, made, listed and revoked
 * from a signed-in session only (keyScopes.ts lets no key call them, and `sessionOf` refuses a
 * key's caller besides).
 */
import { z } from 'zod';
import { API_KEY_KINDS, API_KEY_SCOPES, MAX_ALLOWLIST_ENTRIES } from '../../core/protocol/index.ts';
import { sessionOf } from '../accounts/sessions.ts';
import { createKey } from '../apiKeys/createKey.ts';
import { listKeys, revokeKey } from '../apiKeys/keys.ts';
import { refusal } from '../errors/DomainError.ts';
import { params, pattern, words } from '../http/fields.ts';
import { defineMethod, type Method } from './registry.ts';

/** Milliseconds since 1970, up to the year 9999 (what a Date holds with room to spare). */
const MAX_TIME_MS = 253_402_300_799_999;

const create = defineMethod({
  name: 'apiKeys.create',
  access: 'user',
  params: params({
    label: words({ min: 1, max: 64 }),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
    kind: z.enum(API_KEY_KINDS),
    publicKey: z.string().max(1024).exactOptional(),
    ipAllowlist: z.array(z.string().max(64)).max(MAX_ALLOWLIST_ENTRIES).exactOptional(),
    expiresAt: z.number().int().min(1).max(MAX_TIME_MS).exactOptional(),
    password: z.string().min(1).max(1024),
    twoFactorCode: words({ min: 1, max: 32 }).exactOptional(),
  }),
  async handler(request, ctx) {
    sessionOf(ctx.caller);
    return createKey(ctx, ctx.caller.user, request);
  },
});

const getItems = defineMethod({
  name: 'apiKeys.getItems',
  access: 'user',
  params: params({}),
  async handler(_params, { db, caller }) {
    sessionOf(caller);
    return { items: await listKeys(db, caller.user.id) };
  },
});

const revoke = defineMethod({
  name: 'apiKeys.revoke',
  access: 'user',
  params: params({
    id: pattern(/^ak_[A-Za-z0-9_-]{24}$/, "'ak_' and 24 letters, digits, '-' or '_'"),
  }),
  async handler(request, { db, caller, events }) {
    sessionOf(caller);
    if (!(await revokeKey(db, caller.user.id, request.id))) throw refusal('apiKeys.notFound');
    // Sockets logged in with the key close on every server.
    events.publish('access.ended', { apiKeyId: request.id });
    return {};
  },
});

/** The apiKeys.* methods. */
export const apiKeyMethods: readonly Method[] = [create, getItems, revoke];
