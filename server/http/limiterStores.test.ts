import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { send, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { LEASE_SHARE } from './keyLease.ts';
import { SIGN_IN_ACCOUNT_POINTS } from './limits.ts';

// Only PostgreSQL serves many processes; on PGlite each server counts alone, by design.
forEachDatabase(
  (open) => {
    let one: FastifyInstance;
    let two: FastifyInstance;
    const API_LIMIT = 30;
    // A budget large enough to be leased (LEASE_SHARE of it a lease).
    const LEASED_LIMIT = 400;
    const LEASE = LEASED_LIMIT * LEASE_SHARE;

    before(async () => {
      const db = await open();
      // Two servers on one database, as two processes behind a load balancer would be.
      const config = testConfig({ API_RATE_LIMIT: String(API_LIMIT) });
      one = await createServer(config, db);
      two = await createServer(config, db);
    });
    after(async () => {
      await one.close();
      await two.close();
    });

    test(`${SIGN_IN_ACCOUNT_POINTS} failed sign-ins spread over two servers lock the account on both`, async () => {
      const email = uniqueEmail('shared');
      await signUp(one, email);
      for (let i = 0; i < SIGN_IN_ACCOUNT_POINTS; i++) {
        const answer = await send(
          i % 2 === 0 ? one : two,
          { method: 'users.signIn', email, password: `wrong ${i}` },
          { ip: `10.60.1.${i}` },
        );
        assert.equal(answer.body.error_code, 'account.wrongCredentials');
      }
      for (const server of [one, two]) {
        const answer = await send(
          server,
          { method: 'users.signIn', email, password: 'correct horse battery' },
          { ip: '10.60.2.1' },
        );
        assert.equal(answer.body.error_code, 'account.tooManySignIns');
      }
    });

    test('API calls from one IP count across both servers', async () => {
      const ip = '10.61.0.1';
      for (let i = 0; i < API_LIMIT; i++) {
        const answer = await send(
          i % 2 === 0 ? one : two,
          { method: 'faq.getItems', slug: 'general' },
          { ip },
        );
        assert.notEqual(answer.statusCode, 429, `call ${i + 1} was refused`);
      }
      for (const server of [one, two]) {
        const answer = await send(server, { method: 'faq.getItems', slug: 'general' }, { ip });
        assert.equal(answer.statusCode, 429);
        assert.equal(answer.body.error_code, 'request.tooMany');
      }
    });

    test('a larger budget is spent from leases: the counter is asked once per lease, and two servers together stay within it', async () => {
      const db = await open();
      const config = testConfig({ API_RATE_LIMIT: String(LEASED_LIMIT) });
      const servers = [await createServer(config, db), await createServer(config, db)];
      const counted = async (ip: string) => {
        const { rows } = await sql<{
          points: number;
        }>`select points from rate_limits where key = ${`api:${ip}`}`.execute(db);
        return rows[0]?.points ?? 0;
      };
      try {
        const [first] = servers as [FastifyInstance];
        const call = (server: FastifyInstance, ip: string) =>
          send(server, { method: 'faq.getItems', slug: 'general' }, { ip });
        // The first call spends exactly (nothing is known of the address), the second leases ahead.
        const alone = '10.62.0.1';
        await call(first, alone);
        const leased = await call(first, alone);
        assert.equal(await counted(alone), 2 + LEASE);
        assert.equal(leased.headers['ratelimit-remaining'], String(LEASED_LIMIT - 2));
        for (let i = 0; i < LEASE; i++) await call(first, alone);
        assert.equal(
          await counted(alone),
          2 + LEASE,
          'the lease was spent here, not counted again',
        );

        const ip = '10.62.0.2';
        let allowed = 0;
        for (let i = 0; i < 2 * LEASED_LIMIT; i++) {
          const answer = await call(servers[i % 2] as FastifyInstance, ip);
          if (answer.statusCode !== 429) allowed += 1;
        }
        assert.ok(allowed <= LEASED_LIMIT, `${allowed} calls allowed`);
        // At most one lease per server is left unspent when the budget runs out.
        assert.ok(allowed >= LEASED_LIMIT - 2 * LEASE, `only ${allowed} calls allowed`);
      } finally {
        for (const server of servers) await server.close();
      }
    });
  },
  { drivers: ['postgres'] },
);
