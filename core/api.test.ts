import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { call, configureApi, usesCodec } from './api.ts';
import { codecVersionOf, DEV_CODEC_KEY, decode, encode, parseCodecKey } from './codec.ts';
import { failureOf } from './errors/index.ts';
import { type Notification, onNotify } from './notify.ts';
import { SERVER_ERROR_TEXT } from './protocol/index.ts';
import { rememberQueryParams } from './queryParams.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from './storage.ts';
import { config, loadUser, user } from './store/user.ts';

const key = parseCodecKey(DEV_CODEC_KEY);
type Handler = (body: Buffer, req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = () => {};
const received: { body: Buffer; headers: IncomingMessage['headers'] }[] = [];
const shown: Notification[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    received.push({ body, headers: req.headers });
    handler(body, req, res);
  });
});

function answerJson(value: unknown, status = 200): Handler {
  return (_body, _req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
}

describe('api client over one POST endpoint, and its error answers', () => {
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    configureApi({ baseUrl: `http://127.0.0.1:${port}`, codecKey: key, encoding: 'json' });
    onNotify((n) => shown.push(n));
  });
  after(() => server.close());
  beforeEach(() => {
    received.length = 0;
    shown.length = 0;
    removeStored(STORAGE_KEYS.token);
    removeStored(STORAGE_KEYS.subId);
  });

  it('POSTs text/plain JSON with the method, stored token and subId', async () => {
    writeStored(STORAGE_KEYS.token, 'tok');
    writeStored(STORAGE_KEYS.subId, 'sub-1');
    handler = answerJson({ status: true });
    const reply = await call('metrics.addEvent', { id: 'signup-click' });
    assert.equal(reply.status, true);
    const [request] = received;
    assert.equal(request?.headers['content-type'], 'text/plain');
    assert.deepEqual(JSON.parse(String(request?.body)), {
      id: 'signup-click',
      method: 'metrics.addEvent',
      token: 'tok',
      subId: 'sub-1',
    });
  });

  it('sends empty token and subId when none are stored', async () => {
    handler = answerJson({ status: true });
    await call('metrics.addEvent', { id: 1 });
    const body = JSON.parse(String(received[0]?.body));
    assert.equal(body.token, '');
    assert.equal(body.subId, '');
  });

  it('uses the codec off localhost and decodes the binary reply', async () => {
    configureApi({ encoding: 'auto' });
    try {
      assert.equal(usesCodec('localhost'), false);
      assert.equal(usesCodec('exchange.example'), true);
      handler = (body, _req, res) => {
        assert.equal(codecVersionOf(body), 2);
        const request = decode(body, key) as { method: string };
        res.end(encode({ status: true, items: [], echo: request.method }, key));
      };
      const reply = await call('currencies.getItems', {});
      assert.deepEqual(reply, { status: true, items: [], echo: 'currencies.getItems' });
    } finally {
      configureApi({ encoding: 'json' });
    }
  });

  it('turns an unreadable reply into the generic error and a snackbar', async () => {
    handler = (_body, _req, res) => res.end('<html>502</html>');
    const reply = await call('users.getInfo', {});
    assert.deepEqual(reply, failureOf('request.serverError'));
    assert.deepEqual(shown, [{ kind: 'snackbar', tone: 'error', text: SERVER_ERROR_TEXT }]);
  });

  it('keeps the envelope of a non-2xx reply the server explained', async () => {
    const refused = {
      status: false,
      error_msg: 'Too many attempts.',
      error_code: 'request.tooMany',
    };
    handler = answerJson(refused, 429);
    const reply = await call('users.signIn', { email: 'a@b.c', password: 'x' });
    assert.deepEqual(reply, refused);
    assert.deepEqual(shown, []);
  });

  it('shows success_msg or error_msg as a toast only when asked', async () => {
    handler = answerJson({ status: true, success_msg: 'Saved.' });
    await call('metrics.addEvent', { id: 1 });
    await call('metrics.addEvent', { id: 1 }, { notify: true });
    handler = answerJson({ status: false, error_msg: 'Nope.' });
    await call('metrics.addEvent', { id: 1 }, { notify: true });
    assert.deepEqual(shown, [
      { kind: 'toast', tone: 'success', text: 'Saved.' },
      { kind: 'toast', tone: 'error', text: 'Nope.' },
    ]);
  });

  it('signs the user out when the profile call fails, keeping the config', async () => {
    writeStored(STORAGE_KEYS.token, 'stale');
    handler = answerJson({
      status: false,
      error_msg: 'Please sign in to continue.',
      config: { socials: { telegram: 't.me/x' }, live: { is_enabled: true } },
    });
    assert.equal(await loadUser(), false);
    assert.equal(user.isLoaded, true);
    assert.equal(user.isAuth, false);
    assert.equal(readStored(STORAGE_KEYS.token), null);
    assert.equal(config.live.is_enabled, true);
  });
});

describe('a profile call that gets no answer', () => {
  it('keeps the session: the page may have been left mid-call, or the network failed', async () => {
    writeStored(STORAGE_KEYS.token, 'still-good');
    handler = (_body, _req, res) => res.destroy();
    assert.equal(await loadUser(), false);
    assert.equal(user.isLoaded, true);
    assert.equal(readStored(STORAGE_KEYS.token), 'still-good');
  });
});

describe('query parameters at start', () => {
  it('stores subid unless it is the text undefined, and ref as the referral code', () => {
    removeStored(STORAGE_KEYS.subId);
    rememberQueryParams('?subid=undefined');
    assert.equal(readStored(STORAGE_KEYS.subId), null);
    rememberQueryParams('?subid=abc&ref=R42');
    assert.equal(readStored(STORAGE_KEYS.subId), 'abc');
    assert.equal(readStored(STORAGE_KEYS.referralCode), 'R42');
    rememberQueryParams('?other=1');
    assert.equal(readStored(STORAGE_KEYS.subId), 'abc', 'absent keeps what was stored');
  });
});
