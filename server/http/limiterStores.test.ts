import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../test/databases.ts';
import { send, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { SIGN_IN_ACCOUNT_POINTS } from './limits.ts';

// Only PostgreSQL serves many processes; on PGlite each server counts alone, by design.
forEachDatabase(
  (open) => {
    let one: FastifyInstance;
    let two: FastifyInstance;
    const API_LIMIT = 30;

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
  },
  { drivers: ['postgres'] },
);
