/**
 * Property-based fuzzing of everything a client can send, through the real transport on PGlite
 * and on PostgreSQL: generated bodies for every registered method (read from the registry, so a
 * new method is covered without editing this file), every support socket message type, and the
 * upload form's fields. Whatever arrives, the answer parses, and a refusal names its problem:
 * never the generic server error, never a crash, never a polluted prototype.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SERVER_ERROR_TEXT,
  type SupportServerMessage,
  UPLOAD_PATH,
} from '../core/protocol/index.ts';
import { createSession, findCaller } from '../server/accounts/sessions.ts';
import { createServer } from '../server/app.ts';
import { methods } from '../server/methods/index.ts';
import type { Method } from '../server/methods/registry.ts';
import type { Database } from '../server/storage/db.ts';
import { issueTicket } from '../server/support/tickets.ts';
import { forEachDatabase } from './databases.ts';
import { post, testConfig } from './serverTesting.ts';
import { client, connect, multipartBody, type Peer, staff } from './supportTesting.ts';

/** Runs per method and property: enough to hit every kind of hostile value several times. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Fixed, so a failure reproduces; FUZZ_SEED explores other bodies. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Characters that have broken servers: NUL, lone surrogate halves, controls, bidi overrides. */
const NASTY = ['\u0000', '\uD800', '\uDFFF', '\u0007', '\u001B', '\u007F', '\u202E', '\n', '%00'];

const codeUnit = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('a', 'Z', '0', ' ', '.', '@', '😀'),
);

/** Strings of any UTF-16 units, nasty ones often, sometimes long. */
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, minLength: 3000, maxLength: 5000 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a@b.co', 'x'.repeat(70_000)) },
);

/** Numbers around every boundary a column or a schema has. */
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e308),
);

/** A JSON value of any type, as JSON text (so `__proto__` can be a real key). */
const jsonOf = (strings: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    strings.map((value) => JSON.stringify(value)),
    hostileNumber.map((value) => JSON.stringify(value)),
    fc.constantFrom('true', 'false', 'null', '1e400', '-1e400'),
    fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{}}}'),
    fc.array(hostileNumber, { maxLength: 3 }).map((value) => JSON.stringify(value)),
  );
const hostileJson = jsonOf(hostileString);
/** The same, short enough for one socket frame (a larger frame closes the socket by design). */
const shortJson = jsonOf(fc.string({ unit: codeUnit, maxLength: 40 }));

/** A value no parameter accepts: every field is a string, number, boolean or null. */
const structured = fc.constantFrom('{}', '[]', '{"__proto__":{"polluted":true}}', '[null]');

/** Keys no method declares, prototype keys first among them. */
const strangeKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  fc.string({ unit: codeUnit, minLength: 1, maxLength: 12 }),
);

const TRANSPORT_KEYS = new Set(['method', 'token', 'subId']);

/** The parameter names a schema declares (objects, unions of objects, pipes into them). */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) {
    return [...new Set((schema.options as z.ZodType[]).flatMap(keysOf))];
  }
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  return [];
}

/** JSON text of an object from key and JSON-text pairs, duplicate and prototype keys kept. */
function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** Parameter entries with hostile values for some of a method's own keys. */
function hostileEntries(keys: readonly string[], values = hostileJson) {
  return keys.length === 0
    ? fc.constant([] as [string, string][])
    : fc.array(fc.tuple(fc.constantFrom(...keys), values), { maxLength: keys.length + 1 });
}

/** Entries that no schema can accept: an unknown key, or a declared key holding a structure. */
function invalidEntries(method: Method) {
  const keys = keysOf(method.params);
  const unknown = fc
    .tuple(
      strangeKey.filter((key) => !keys.includes(key) && !TRANSPORT_KEYS.has(key)),
      hostileJson,
    )
    .map((entry) => [entry]);
  const wrongShape =
    keys.length === 0 ? unknown : fc.tuple(fc.constantFrom(...keys), structured).map((e) => [e]);
  return fc
    .tuple(fc.oneof(unknown, wrongShape), hostileEntries(keys))
    .map(([bad, rest]) => [...rest, ...bad] as [string, string][]);
}

/** Who calls: signed out, a fresh client session, a fresh staff session, a bad token. */
type CallerKind = 'none' | 'client' | 'staff' | 'garbage';
const callerKind = fc.constantFrom<CallerKind>('none', 'client', 'staff', 'garbage');

forEachDatabase((open, driver) => {
  let db: Database;
  let app: FastifyInstance;
  let address: string;
  let clientId: number;
  let staffId: number;

  before(async () => {
    db = await open();
    app = await createServer(
      testConfig({ API_RATE_LIMIT: '0', SUPPORT_RATE_LIMIT: '0', UPLOAD_IMAGE_MAX_MB: '1' }),
      db,
    );
    address = await app.listen({ host: '127.0.0.1', port: 0 });
    clientId = (await client(app)).id;
    staffId = (await staff(app, db)).id;
  });
  after(() => app.close());

  /**
   * The client's and staff's sessions, made when first needed. A generated users.logout must not
   * sign the next calls out, so a call that succeeds signed in drops both (it may have ended
   * either: a sign-out, a block); a refused call changed nothing and they stay. Making one per
   * call was a third of the file's time.
   */
  const sessions = new Map<CallerKind, Promise<string>>();
  const tokenFor = (kind: CallerKind): Promise<string> => {
    if (kind === 'none') return Promise.resolve('');
    if (kind === 'garbage') return Promise.resolve('\u0000'.repeat(43));
    let token = sessions.get(kind);
    if (token === undefined) {
      token = createSession(db, kind === 'staff' ? staffId : clientId, '127.0.0.1', 1);
      sessions.set(kind, token);
    }
    return token;
  };

  const callWith = async (method: Method, kind: CallerKind, entries: [string, string][]) => {
    const token = await tokenFor(kind);
    const transport: [string, string][] = [
      ['method', JSON.stringify(method.name)],
      ['token', JSON.stringify(token)],
      ['subId', JSON.stringify('sub\u0000id\uD800')],
    ];
    const answer = await post(app, objectText([...transport, ...entries]));
    if (answer.body.status !== false && token !== '') sessions.clear();
    return answer;
  };

  /** The answer is an envelope; a refusal names a problem, never the generic server error. */
  const assertHonest = (answer: Awaited<ReturnType<typeof post>>, context: string) => {
    assert.equal(answer.statusCode, 200, context);
    assert.equal(typeof answer.body.status, 'boolean', context);
    if (answer.body.status === false) {
      const message = answer.body.error_msg;
      assert.equal(typeof message, 'string', context);
      assert.ok((message as string).length > 0, context);
      assert.notEqual(message, SERVER_ERROR_TEXT, `${context}: ${message}`);
    }
  };

  // Once, on PGlite: an invalid body is refused by the schema before any handler runs, so the
  // database's only part is the caller's lookup, which the next property exercises on both
  // databases with every kind of caller. Run on each, this one generated the same bodies (one
  // seed) and got the same answers, for an eighth of the file's CPU.
  if (driver === 'pglite') {
    test('every method refuses an invalid body with a message naming the problem', async () => {
      assert.ok(methods.length >= 20, 'the registry is read');
      for (const method of methods) {
        await fc.assert(
          fc.asyncProperty(callerKind, invalidEntries(method), async (kind, entries) => {
            const answer = await callWith(method, kind, entries);
            const context = `${method.name} as ${kind} with ${objectText(entries).slice(0, 300)}`;
            assertHonest(answer, context);
            assert.equal(answer.body.status, false, context);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
      assert.equal(({} as { polluted?: unknown }).polluted, undefined);
    });
  }

  test('hostile values for declared parameters never yield a server error', async () => {
    for (const method of methods) {
      const keys = keysOf(method.params);
      await fc.assert(
        fc.asyncProperty(callerKind, hostileEntries(keys), async (kind, entries) => {
          const answer = await callWith(method, kind, entries);
          assertHonest(
            answer,
            `${method.name} as ${kind} with ${objectText(entries).slice(0, 300)}`,
          );
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  });

  test('the support socket answers every malformed message and stays up', async () => {
    const caller = await findCaller(db, await createSession(db, clientId, '127.0.0.1', 1));
    assert.ok(caller !== null);
    const tab: Peer = await connect(address, await issueTicket(db, caller.sessionId));
    const sendKeys = ['type', 'id', 'text', 'attachment', 'userId'];
    const refusals = (id: string) => (m: SupportServerMessage) =>
      m.type === 'SUPPORT_SEND_MESSAGE' && m.message.id === id && m.error !== undefined;
    let sequence = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(
              strangeKey.filter((key) => !sendKeys.includes(key)),
              shortJson,
            )
            .map((entry) => [entry]),
          fc.tuple(fc.constantFrom('text', 'attachment', 'userId'), structured).map((e) => [e]),
          fc.constant([['attachment', String(2 ** 31)]]),
          fc.constant([['text', '"a\\u0000b"']]),
        ),
        hostileEntries(sendKeys.slice(2), shortJson),
        async (bad, rest) => {
          sequence += 1;
          const id = `fuzz-${sequence}`;
          const entries = [
            ['type', '"SUPPORT_SEND_MESSAGE"'],
            ['id', JSON.stringify(id)],
            ['text', '"hello"'],
            ['attachment', 'null'],
            ...rest,
            ...(bad as [string, string][]),
          ] as [string, string][];
          tab.socket.send(objectText(entries));
          const answer = await tab.next(refusals(id));
          assert.ok(answer.type === 'SUPPORT_SEND_MESSAGE');
          assert.ok(answer.error !== undefined && answer.error.length > 0);
          assert.notEqual(answer.error, SERVER_ERROR_TEXT, objectText(entries).slice(0, 300));
        },
      ),
      { numRuns: RUNS * 2, seed: SEED },
    );
    // Other types and frames that are not even JSON: ignored, and the socket still answers.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(
              fc.constantFrom('"PING"', '"SUPPORT_TYPING"', '"NOPE"', 'null', '7'),
              hostileJson,
            )
            .map(([type, value]) =>
              objectText([
                ['type', type],
                ['userId', value],
              ]),
            ),
          fc.string({ unit: codeUnit, maxLength: 200 }),
        ),
        async (frame) => {
          tab.socket.send(frame);
          tab.send({ type: 'PING' });
          await tab.next((m) => m.type === 'PONG');
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    assert.equal(tab.socket.readyState, tab.socket.OPEN);
    await tab.close();
  });

  test('upload form fields with hostile names and values are answered, never a server error', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const token = await createSession(db, clientId, '127.0.0.1', 1);
    const fileName = fc.oneof(
      fc.string({ unit: codeUnit, maxLength: 300 }).map((name) => `${name}.png`),
      fc.string({ unit: codeUnit, maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fileName,
        fc.oneof(fc.constant(token), hostileString),
        async (name, value) => {
          // A quote or line break would end the header early: the multipart parser's problem to
          // refuse, which it does in its own words; what matters is the answer below.
          const { payload, contentType } = multipartBody([
            { name: 'token', value },
            { name: 'file', filename: name, type: 'image/png', data: png },
          ]);
          const response = await app.inject({
            method: 'POST',
            url: UPLOAD_PATH,
            headers: { 'content-type': contentType, accept: 'application/json' },
            payload,
          });
          const context = `${JSON.stringify(name).slice(0, 200)} / ${JSON.stringify(value).slice(0, 80)}`;
          assert.ok(response.statusCode < 500, `${response.statusCode} for ${context}`);
          const reply = JSON.parse(response.body) as { status: boolean; error_msg?: string };
          if (!reply.status) assert.notEqual(reply.error_msg, SERVER_ERROR_TEXT, context);
        },
      ),
      { numRuns: RUNS * 2, seed: SEED },
    );
    const names = await db.selectFrom('support_attachments').select('original_name').execute();
    assert.ok(names.length > 0, 'some generated uploads were accepted');
    for (const { original_name: shown } of names) {
      assert.doesNotMatch(shown, /\p{Cc}|[\u202A-\u202E\u2066-\u2069/\\]/u);
      assert.ok(shown.length <= 255 && shown.endsWith('.png'), shown);
    }
  });
});
