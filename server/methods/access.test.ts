import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorText } from '../../core/errors/index.ts';
import type { MethodName } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { ok, send, signUp, testConfig } from '../../test/serverTesting.ts';
import { createSession, findCaller, hashToken } from '../accounts/sessions.ts';
import { createServer } from '../app.ts';
import { refusal } from '../errors/DomainError.ts';
import { EventBus } from '../events/EventBus.ts';
import type { ServerEvents } from '../events/ServerEvents.ts';
import { createLimits } from '../http/limits.ts';
import { ReferralFeeSplit } from '../referral/ReferralFeeSplit.ts';
import type { Database } from '../storage/db.ts';
import { SpotMarket } from '../trading/SpotMarket.ts';
import { methods } from './index.ts';
import { defineMethod, type RequestContext } from './registry.ts';

/** Placeholder params that pass validation for each method, so only access can fail. */
const VALID_PARAMS: Record<string, Record<string, unknown>> = {
  'users.signUp': { email: 'someone@example.com', password: 'long enough password' },
  'users.signIn': { email: 'someone@example.com', password: 'long enough password' },
  'metrics.addVisitor': { referer: '', url: '/' },
  'metrics.addEvent': { id: 1 },
  'currencies.getItems': { limit: 1000 },
  'notices.publish': { clear: true },
  'support.getDialog': { userId: 1 },
  'support.pinDialog': { userId: 1, pinned: true },
  'support.setUserFlag': { userId: 1, flag: 'isAbuse', value: false },
  'push.subscribe': { subscription: '{}' },
};

test('the method list is the one this milestone ships, with its access levels', () => {
  assert.deepEqual(Object.fromEntries(methods.map((method) => [method.name, method.access])), {
    'users.signUp': 'public',
    'users.signIn': 'public',
    'users.logout': 'user',
    'users.getInfo': 'public',
    'users.beginTwoFactor': 'user',
    'users.enableTwoFactor': 'user',
    'users.disableTwoFactor': 'user',
    'users.changePassword': 'user',
    'users.getSessions': 'user',
    'users.endOtherSessions': 'user',
    'users.forgotPassword': 'public',
    'users.resetPassword': 'public',
    'users.verifyEmail': 'public',
    'users.resendVerification': 'user',
    'users.setMailNotices': 'user',
    'currencies.getItems': 'public',
    'metrics.addVisitor': 'public',
    'metrics.addEvent': 'public',
    'pages.getItem': 'public',
    'faq.getItems': 'public',
    'notices.getCurrent': 'public',
    'notices.publish': 'staff',
    'support.startVisitor': 'public',
    'support.getHistory': 'client',
    'support.markRead': 'client',
    'support.getSocketTicket': 'client',
    'support.getDialogs': 'staff',
    'support.getDialog': 'staff',
    'support.pinDialog': 'staff',
    'support.setUserFlag': 'staff',
    'push.subscribe': 'user',
    'push.getPublicKey': 'public',
    'markets.getItems': 'public',
    'markets.getBook': 'public',
    'markets.getTrades': 'public',
    'markets.getCandles': 'public',
    'markets.getSocketTicket': 'user',
    'orders.place': 'user',
    'orders.cancel': 'user',
    'orders.cancelAll': 'user',
    'orders.get': 'user',
    'orders.getOpen': 'user',
    'orders.getHistory': 'user',
    'trades.getMine': 'user',
    'deposits.getAddress': 'user',
    'deposits.getMine': 'user',
    'deposits.faucet': 'user',
    'devnet.send': 'public',
    'transfers.send': 'user',
    'withdrawals.request': 'user',
    'withdrawals.confirm': 'public',
    'withdrawals.cancel': 'user',
    'withdrawals.getMine': 'user',
    'withdrawals.getPending': 'staff',
    'withdrawals.review': 'staff',
    'wallet.getHistory': 'user',
    'wallet.getNetworks': 'public',
    'addressBook.getMine': 'user',
    'addressBook.add': 'user',
    'addressBook.remove': 'user',
    'addressBook.setOnlySaved': 'user',
    'buy.quote': 'public',
    'buy.create': 'user',
    'buy.getMine': 'user',
    'buy.refund': 'staff',
    'swap.quote': 'user',
    'swap.accept': 'user',
    'swap.getMine': 'user',
    'kyc.getMine': 'user',
    'kyc.saveDraft': 'user',
    'kyc.attach': 'user',
    'kyc.submit': 'user',
    'kyc.getQueue': 'staff',
    'kyc.getSubmission': 'staff',
    'kyc.approve': 'staff',
    'kyc.reject': 'staff',
    'referral.getMine': 'user',
    'reserves.getLatest': 'public',
    'reserves.getHistory': 'public',
    'reserves.getAddresses': 'public',
    'reserves.getMyProof': 'user',
    'reserves.getSnapshots': 'staff',
    'reserves.takeSnapshot': 'staff',
    'reserves.getShortfalls': 'staff',
    'p2p.getCatalogue': 'public',
    'p2p.getFiatRates': 'public',
    'p2p.getReferencePrice': 'public',
    'p2p.setFiatRate': 'staff',
    'p2p.getOffers': 'public',
    'p2p.getMyOffers': 'user',
    'p2p.createOffer': 'user',
    'p2p.setOfferStatus': 'user',
    'p2p.openTrade': 'user',
    'p2p.getMyTrades': 'user',
    'p2p.getTrade': 'user',
    'p2p.getTradeChat': 'user',
    'p2p.markTradeChatRead': 'user',
    'p2p.markPaid': 'user',
    'p2p.cancelTrade': 'user',
    'p2p.releaseTrade': 'user',
    'p2p.disputeTrade': 'user',
    'p2p.getDisputes': 'staff',
    'p2p.resolveDispute': 'staff',
    'p2p.getPaymentDetails': 'user',
    'p2p.setPaymentDetails': 'user',
    'apiKeys.create': 'user',
    'apiKeys.getItems': 'user',
    'apiKeys.revoke': 'user',
    'server.getTime': 'public',
  });
});

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  const tokens: Record<'none' | 'garbage' | 'expired' | 'revoked' | 'user' | 'visitor', string> = {
    none: '',
    garbage: 'x'.repeat(43),
    expired: '',
    revoked: '',
    user: '',
    visitor: '',
  };

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
    const { token, user } = await signUp(app);
    tokens.user = token;
    tokens.expired = await createSession(db, user.id, '', 1);
    tokens.revoked = await createSession(db, user.id, '', 1);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(tokens.expired))
      .execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(tokens.revoked))
      .execute();
    tokens.visitor = (await ok(app, 'support.startVisitor', {})).token;
  });
  after(() => app.close());

  const callWith = (name: MethodName, token: string) =>
    send(app, { method: name, token, subId: '', ...VALID_PARAMS[name] });

  for (const method of methods.filter((item) => item.access !== 'public')) {
    for (const kind of ['none', 'garbage', 'expired', 'revoked'] as const) {
      test(`${method.name} (${method.access}) refuses a caller with ${kind} token`, async () => {
        const answer = await callWith(method.name, tokens[kind]);
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.body.status, false);
        assert.equal(answer.body.error_msg, errorText('access.signInRequired'));
      });
    }
  }

  for (const method of methods.filter((item) => item.access === 'staff')) {
    test(`${method.name} (staff) refuses a signed-in non-staff caller`, async () => {
      const answer = await callWith(method.name, tokens.user);
      assert.equal(answer.body.status, false);
      assert.equal(answer.body.error_msg, errorText('access.staffOnly'));
    });
  }

  for (const method of methods.filter((item) => item.access === 'user')) {
    test(`${method.name} (user) refuses a support-chat visitor`, async () => {
      const answer = await callWith(method.name, tokens.visitor);
      assert.equal(answer.body.status, false);
      assert.equal(answer.body.error_msg, errorText('access.accountRequired'));
    });
  }

  for (const method of methods.filter((item) => item.access === 'staff')) {
    test(`${method.name} (staff) refuses a support-chat visitor`, async () => {
      const answer = await callWith(method.name, tokens.visitor);
      assert.equal(answer.body.status, false);
      assert.equal(answer.body.error_msg, errorText('access.staffOnly'));
    });
  }

  for (const method of methods.filter((item) => item.access === 'client')) {
    test(`${method.name} (client) answers a support-chat visitor and an account holder`, async () => {
      for (const token of [tokens.visitor, tokens.user]) {
        const answer = await callWith(method.name, token);
        assert.equal(answer.body.status, true, JSON.stringify(answer.body));
      }
    });
  }

  test('a signed-in user passes the access check of every user method', async () => {
    for (const method of methods.filter(
      (item) => item.access === 'user' && item.name !== 'users.logout',
    )) {
      const answer = await callWith(method.name, tokens.user);
      assert.notEqual(answer.body.error_msg, errorText('access.signInRequired'), method.name);
      assert.notEqual(answer.body.error_msg, errorText('access.accountRequired'), method.name);
    }
  });

  test('public methods that read an account treat a visitor as signed out', async () => {
    const info = await callWith('users.getInfo', tokens.visitor);
    assert.equal(info.body.status, false);
    assert.equal(info.body.error_msg, errorText('access.signInRequired'));
    assert.equal(info.body.user, undefined, 'no profile for a visitor');
    assert.ok(info.body.config, 'the site configuration comes with the refusal');
    const wallets = await callWith('currencies.getItems', tokens.visitor);
    assert.equal(wallets.body.status, false);
    assert.equal(wallets.body.error_msg, errorText('access.accountRequired'));
    assert.equal(wallets.body.wallets, undefined);
  });

  test('defineMethod checks staff access before params, and lets staff through', async () => {
    const staffOnly = defineMethod({
      name: 'users.logout',
      access: 'staff',
      params: z.object({}),
      handler: async () => ({}),
    });
    const caller = await findCaller(db, tokens.user);
    assert.ok(caller !== null);
    const events = new EventBus<ServerEvents>();
    const context: RequestContext = {
      db,
      config: testConfig(),
      limits: createLimits({ api: 0, supportSends: 0 }),
      live: { recordView() {} },
      market: await SpotMarket.open(db, testConfig().fees, {
        feeSplit: new ReferralFeeSplit(testConfig().referralShare),
        groups: {},
        log: app.log,
        events,
      }),
      events,
      chains: new Map(),
      log: app.log,
      ip: '127.0.0.1',
      host: 'localhost',
      pageHost: 'localhost',
      userAgent: '',
      subId: '',
      caller,
    };
    await assert.rejects(
      staffOnly.run({}, { ...context, caller: null }),
      refusal('access.signInRequired'),
    );
    await assert.rejects(staffOnly.run({ bad: true }, context), refusal('access.staffOnly'));
    const staff = { ...caller, user: { ...caller.user, status_id: 1 } };
    assert.deepEqual(await staffOnly.run({}, { ...context, caller: staff }), {});
    // Even a visitor row with a staff status (which the database refuses) is no staff.
    const odd = { ...caller, user: { ...caller.user, status_id: 1, is_visitor: true } };
    await assert.rejects(
      staffOnly.run({}, { ...context, caller: odd }),
      refusal('access.staffOnly'),
    );

    const definition = {
      name: 'users.logout' as const,
      params: z.object({}),
      handler: async () => ({}),
    };
    const forClients = defineMethod({ ...definition, access: 'client' });
    const forAccounts = defineMethod({ ...definition, access: 'user' });
    const visitor = { ...caller, user: { ...caller.user, is_visitor: true } };
    await assert.rejects(
      forClients.run({}, { ...context, caller: null }),
      refusal('access.signInRequired'),
    );
    assert.deepEqual(await forClients.run({}, { ...context, caller: visitor }), {});
    assert.deepEqual(await forClients.run({}, context), {});
    await assert.rejects(
      forAccounts.run({}, { ...context, caller: visitor }),
      refusal('access.accountRequired'),
    );
    assert.deepEqual(await forAccounts.run({}, context), {});
  });
}, PGLITE_ONLY);
