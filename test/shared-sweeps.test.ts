/**
 * Two servers on one PostgreSQL database, each running its background sweeps, as two processes
 * behind a load balancer would: every queued mail reaches the mailbox once, and every P2P trade
 * past its payment window expires once, its escrow going back to the seller in one entry.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createServer } from '../server/app.ts';
import { queueMail } from '../server/mail/outgoing.ts';
import { expireDueTrades } from '../server/p2p/trades.ts';
import type { Database } from '../server/storage/db.ts';
import { forEachDatabase } from './databases.ts';
import { type Mailbox, mailingConfig, startMailbox } from './mailbox.ts';
import { ok, p2pTrader, publishP2pOffer } from './serverTesting.ts';

const MAILS = 30;
const TRADES = 12;

// Only PostgreSQL serves many processes; a PGlite server is alone by design.
forEachDatabase(
  (open) => {
    let db: Database;
    let mailbox: Mailbox;
    let one: FastifyInstance;
    let two: FastifyInstance;

    before(async () => {
      db = await open();
      mailbox = await startMailbox();
      const config = mailingConfig(mailbox);
      one = await createServer(config, db);
      two = await createServer(config, db);
    });
    after(async () => {
      await one.close();
      await two.close();
      await mailbox.close();
    });

    test('mail queued before two servers start goes out once, whichever sends it', async () => {
      const addresses = Array.from({ length: MAILS }, (_, i) => `shared-${i}@example.com`);
      for (const to of addresses) {
        await queueMail(
          db,
          { to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' },
          null,
        );
      }
      // Both senders start now, together, and sweep the same queue.
      await Promise.all([one.ready(), two.ready()]);
      for (let tries = 0; ; tries++) {
        const { rows } = await sql<{ left: number }>`
          select count(*)::int as left from mail_outbox where sent_at is null`.execute(db);
        if (rows[0]?.left === 0) break;
        assert.ok(tries < 200, 'every mail sent within 10 s');
        await sleep(50);
      }
      // A second copy would be on its way now: give it time to arrive.
      await sleep(500);
      for (const to of addresses) assert.equal(mailbox.to(to).length, 1, `mails to ${to}`);
    });

    test('trades past their window expire once, each escrow back in one entry', async () => {
      const seller = await p2pTrader(one, db, { USDT: '1000' });
      const offer = await publishP2pOffer(one, seller.token, { amount: '500' });
      const ids: number[] = [];
      for (let i = 0; i < TRADES; i++) {
        const buyer = await p2pTrader(i % 2 === 0 ? one : two, db, {});
        const { trade } = await ok(
          i % 2 === 0 ? one : two,
          'p2p.openTrade',
          { offerId: offer.id, fiatAmount: '18' },
          { token: buyer.token },
        );
        ids.push(trade.id);
      }
      await db
        .updateTable('p2p_trades')
        .set({ pay_by: new Date(Date.now() - 1000) })
        .where('id', 'in', ids)
        .execute();
      // Each server's sweep at once, twice over, besides the ones their timers run meanwhile.
      const moves = (await Promise.all([1, 2, 3, 4].map(() => expireDueTrades(db)))).flat();
      const moved = moves.map((move) => move.tradeId).filter((id) => ids.includes(id));
      assert.equal(new Set(moved).size, moved.length, 'no trade expired by two sweeps');
      const { rows } = await sql<{ id: number; returns: number; status: string }>`
        select t.id, t.status,
          (select count(*)::int from ledger_entries e
            where e.reason = 'P2P trade ' || t.id || ' expired: escrow back to the seller') as returns
        from p2p_trades t where t.id in (${sql.join(ids)}) order by t.id`.execute(db);
      assert.deepEqual(
        rows.map((row) => [row.status, row.returns]),
        ids.map(() => ['expired', 1]),
      );
      const [back] = (await ok(one, 'p2p.getMyOffers', {}, { token: seller.token })).offers;
      assert.equal(back?.available, '500');
    });
  },
  { drivers: ['postgres'] },
);
