/**
 * support.* methods: visitor
 * chats for people without an account, a client's history and unread count, socket tickets, and
 * the staff inbox. Messages themselves travel over the socket (support/socket.ts).
 */
import { z } from 'zod';
import { STAFF_SETTABLE_FLAGS, type StaffSettableFlag } from '../../core/protocol/index.ts';
import type { UsersTable } from '../accounts/AccountTables.ts';
import { createSession } from '../accounts/sessions.ts';
import { createVisitor } from '../accounts/users.ts';
import { refusal } from '../errors/DomainError.ts';
import { params, recordId, words } from '../http/fields.ts';
import { spend, waitText } from '../http/limits.ts';
import {
  ensureDialog,
  findDialog,
  listMessages,
  markRead as markDialogRead,
  toWire,
} from '../support/dialogs.ts';
import { clientRecord, clientRecords, supportVariables } from '../support/records.ts';
import { attachmentUrlKey } from '../support/secrets.ts';
import { issueTicket } from '../support/tickets.ts';
import { defineMethod, type Method } from './registry.ts';
import { loadProfile } from './users.ts';

/** Most dialogs the inbox lists at once. */
export const INBOX_LIMIT = 500;

const userId = recordId();

/** The users column behind each flag staff may set. */
const FLAG_COLUMNS: Record<StaffSettableFlag, keyof UsersTable> = {
  isWithdraw: 'is_withdraw',
  isTransfer: 'is_transfer',
  isSwap: 'is_swap',
  isWalletConnect: 'is_wallet_connect',
  isKyc: 'is_kyc',
  isBlocked: 'is_blocked',
  isAbuse: 'is_abuse',
  isPremium: 'is_premium',
  isVerified: 'is_verified',
};

const startVisitor = defineMethod({
  name: 'support.startVisitor',
  access: 'public',
  // Both optional; a blank field (an empty form input) counts as not given.
  params: params({
    name: words({ max: 64 }).exactOptional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.union([z.literal(''), z.email()]))
      .exactOptional(),
  }),
  async handler(params, ctx) {
    const { db, ip } = ctx;
    const wait = await spend(ctx.limits.visitorIp, ip);
    if (wait > 0) {
      throw refusal('support.tooManyChats', { wait: waitText(wait) });
    }
    const user = await createVisitor(db, {
      name: params.name || null,
      contactEmail: params.email || null,
      ip,
      // The site the visitor chats from: a partner's page, for the embedded widget.
      domain: ctx.pageHost,
    });
    const token = await createSession(db, user.id, ip, ctx.config.sessionDays);
    return { token, user: await loadProfile(db, user) };
  },
});

const getHistory = defineMethod({
  name: 'support.getHistory',
  access: 'client',
  params: params({}),
  async handler(_params, { db, caller }) {
    const key = await attachmentUrlKey(db);
    const rows = await listMessages(db, caller.user.id);
    const dialog = await findDialog(db, caller.user.id);
    return {
      messages: rows.map((row) => toWire(row, caller.user.id, key)),
      isNew: rows.length === 0,
      unread: dialog?.unread_client ?? 0,
      seen: (dialog?.unread_staff ?? 0) === 0,
    };
  },
});

const markRead = defineMethod({
  name: 'support.markRead',
  access: 'client',
  params: params({}),
  async handler(_params, { db, caller, events }) {
    if (await markDialogRead(db, caller.user.id, 'client')) {
      events.publish('support.read', { clientId: caller.user.id, reader: 'client' });
    }
    return {};
  },
});

const getSocketTicket = defineMethod({
  name: 'support.getSocketTicket',
  access: 'client',
  params: params({}),
  async handler(_params, { db, caller }) {
    return { ticket: await issueTicket(db, caller.sessionId) };
  },
});

const getDialogs = defineMethod({
  name: 'support.getDialogs',
  access: 'staff',
  params: params({}),
  async handler(_params, { db, caller }) {
    const dialogs = await db
      .selectFrom('support_dialogs')
      .selectAll()
      // A dialog opened by an upload that was never sent is not a conversation yet.
      .where((eb) => eb.or([eb('last_message_at', 'is not', null), eb('is_pinned', '=', true)]))
      .orderBy('is_pinned', 'desc')
      .orderBy(
        (eb) => eb.ref('last_message_at'),
        (ob) => ob.desc().nullsLast(),
      )
      .orderBy('id', 'desc')
      .limit(INBOX_LIMIT)
      .execute();
    const ids = dialogs.map((dialog) => dialog.user_id);
    const records = await clientRecords(db, ids);
    const key = await attachmentUrlKey(db);
    // The newest message of each dialog in one query.
    const last =
      ids.length === 0
        ? []
        : await db
            .selectFrom('support_messages as m')
            .innerJoin('support_dialogs as d', 'd.id', 'm.dialog_id')
            .distinctOn('m.dialog_id')
            .selectAll('m')
            .select('d.user_id')
            .where('d.user_id', 'in', ids)
            .orderBy('m.dialog_id')
            .orderBy('m.id', 'desc')
            .execute();
    const lastOf = new Map(last.map(({ user_id, ...row }) => [user_id, row]));
    return {
      dialogs: dialogs.flatMap((dialog) => {
        const record = records.get(dialog.user_id);
        if (record === undefined) return [];
        const message = lastOf.get(dialog.user_id);
        return [
          {
            record,
            unread: dialog.unread_staff,
            isPinned: dialog.is_pinned,
            isVisitor: record.isVisitor,
            lastMessage: message === undefined ? null : toWire(message, caller.user.id, key),
            seen: dialog.unread_client === 0,
          },
        ];
      }),
    };
  },
});

const getDialog = defineMethod({
  name: 'support.getDialog',
  access: 'staff',
  params: params({ userId }),
  async handler(params, ctx) {
    const { db, caller, events } = ctx;
    const record = await clientRecord(db, params.userId);
    if (record === undefined) throw refusal('support.unknownClient');
    const user = await db
      .selectFrom('users')
      .select(['referral_code', 'is_visitor'])
      .where('id', '=', params.userId)
      .executeTakeFirstOrThrow();
    const key = await attachmentUrlKey(db);
    const rows = await listMessages(db, params.userId);
    if (await markDialogRead(db, params.userId, 'staff')) {
      events.publish('support.read', { clientId: params.userId, reader: 'staff' });
    }
    const dialog = await findDialog(db, params.userId);
    return {
      record,
      variables: supportVariables(
        record,
        // A visitor's code refers no one (findReferrer skips visitors): never offer it.
        user.is_visitor ? '' : user.referral_code,
        ctx.host,
        ctx.config.support.verificationAmount,
      ),
      messages: rows.map((row) => toWire(row, caller.user.id, key)),
      seen: (dialog?.unread_client ?? 0) === 0,
    };
  },
});

const pinDialog = defineMethod({
  name: 'support.pinDialog',
  access: 'staff',
  params: params({ userId, pinned: z.boolean() }),
  async handler(params, { db }) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', params.userId)
      .executeTakeFirst();
    if (exists === undefined) throw refusal('support.unknownClient');
    await ensureDialog(db, params.userId);
    await db
      .updateTable('support_dialogs')
      .set({ is_pinned: params.pinned })
      .where('user_id', '=', params.userId)
      .execute();
    return {};
  },
});

const setUserFlag = defineMethod({
  name: 'support.setUserFlag',
  access: 'staff',
  params: params({ userId, flag: z.enum(STAFF_SETTABLE_FLAGS), value: z.boolean() }),
  async handler(params, { db, caller, events }) {
    if (params.flag === 'isBlocked' && params.value && params.userId === caller.user.id) {
      throw refusal('support.cannotBlockSelf');
    }
    // Only the named boolean column changes: no staff call touches a balance.
    const updated = await db
      .updateTable('users')
      .set({ [FLAG_COLUMNS[params.flag]]: params.value, updated_at: new Date() })
      .where('id', '=', params.userId)
      .returning('id')
      .executeTakeFirst();
    if (updated === undefined) throw refusal('support.unknownClient');
    // A blocked account is signed out everywhere: its open sockets close now.
    if (params.flag === 'isBlocked' && params.value)
      events.publish('access.ended', { userId: params.userId });
    const record = await clientRecord(db, params.userId);
    if (record === undefined) throw refusal('support.unknownClient');
    return { record };
  },
});

/** The support.* methods. */
export const supportMethods: readonly Method[] = [
  startVisitor,
  getHistory,
  markRead,
  getSocketTicket,
  getDialogs,
  getDialog,
  pinDialog,
  setUserFlag,
];
