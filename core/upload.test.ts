import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { configureApi, siteApi } from './api.ts';
import { createApiClient } from './apiClient.ts';
import { CODEC_COMPACT, DEV_CODEC_KEY, encode, parseCodecKey } from './codec.ts';
import { failureOf } from './errors/index.ts';
import { type Notification, onNotify } from './notify.ts';
import { UPLOAD_PATH } from './protocol/index.ts';
import { writeStored } from './storage.ts';
import { readUploadReply, uploadAttachment } from './upload.ts';

const key = parseCodecKey(DEV_CODEC_KEY);

function bytesOf(value: Uint8Array): ArrayBuffer {
  return value.slice().buffer as ArrayBuffer;
}

/** A test double of the browser's XMLHttpRequest that answers with `reply` after some progress. */
function fakeXhr(reply: ArrayBuffer | null) {
  const requests: {
    url: string;
    withCredentials: boolean;
    headers: Record<string, string>;
    form: FormData;
  }[] = [];
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    withCredentials = false;
    responseType = '';
    response: unknown = null;
    url = '';
    headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(form: FormData) {
      requests.push({
        url: this.url,
        withCredentials: this.withCredentials,
        headers: this.headers,
        form,
      });
      queueMicrotask(() => {
        const progress = Object.assign(new Event('progress'), {
          lengthComputable: true,
          loaded: 50,
          total: 100,
        });
        this.upload.dispatchEvent(progress);
        if (reply === null) return this.dispatchEvent(new Event('error'));
        this.response = reply;
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  return { XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest, requests };
}

describe('attachment upload', () => {
  const notes: Notification[] = [];
  const stop = onNotify((note) => notes.push(note));
  afterEach(() => {
    notes.length = 0;
    configureApi({ baseUrl: '', codecKey: null });
  });
  process.on('exit', stop);

  it('posts token + file with credentials, reports progress and reads a JSON reply', async () => {
    configureApi({ baseUrl: 'https://api.example.com' });
    writeStored('token', 'session-token');
    const reply = { status: true, attachment: { id: 3, path: '/attachments/3' } };
    const xhr = fakeXhr(bytesOf(new TextEncoder().encode(JSON.stringify(reply))));
    const progress: number[] = [];
    const answer = await uploadAttachment(new File(['png'], 'a.png'), {
      XMLHttpRequest: xhr.XMLHttpRequest,
      onProgress: (fraction) => progress.push(fraction),
    });
    assert.deepEqual(answer, reply);
    assert.deepEqual(progress, [0.5, 1]);
    const [request] = xhr.requests;
    assert.equal(request?.url, `https://api.example.com${UPLOAD_PATH}`);
    assert.equal(request?.withCredentials, true);
    assert.deepEqual(request?.headers, { accept: 'application/json' }, 'no codec: asks for JSON');
    assert.equal(request?.form.get('token'), 'session-token');
    assert.equal((request?.form.get('file') as File | undefined)?.name, 'a.png');
    assert.deepEqual(notes, []);
  });

  it("sends another client's token to its origin, and leaves the reply's form to a codec client", async () => {
    const xhr = fakeXhr(bytesOf(new TextEncoder().encode('{"status":false,"error_msg":"No."}')));
    const client = createApiClient({
      baseUrl: () => 'https://other.example',
      token: () => 'visitor-token',
      codec: { applies: () => true, encode: () => new Uint8Array(), decode: () => undefined },
    });
    await uploadAttachment(new File(['png'], 'a.png'), { ...xhr, client });
    const [request] = xhr.requests;
    assert.equal(request?.url, `https://other.example${UPLOAD_PATH}`);
    assert.equal(request?.form.get('token'), 'visitor-token');
    assert.deepEqual(request?.headers, {});
  });

  it('reads a codec reply with the API decoder, once the codec has loaded', async () => {
    configureApi({ codecKey: key });
    await siteApi.ready();
    const reply = failureOf('upload.tooLarge', { kind: 'image', megabytes: 10 });
    assert.deepEqual(readUploadReply(bytesOf(encode(reply, key, CODEC_COMPACT))), reply);
  });

  it("shows the reply's error_msg when the upload is refused", async () => {
    const reply = failureOf('upload.type', { extensions: 'png, mp4' });
    const xhr = fakeXhr(bytesOf(new TextEncoder().encode(JSON.stringify(reply))));
    const answer = await uploadAttachment(new File(['MZ'], 'a.png'), xhr);
    assert.deepEqual(answer, reply);
    assert.deepEqual(notes, [{ kind: 'toast', tone: 'error', text: reply.error_msg }]);
  });

  it('turns a network failure or an unreadable reply into the generic server error', async () => {
    const failed = await uploadAttachment(new File(['x'], 'a.png'), fakeXhr(null));
    assert.deepEqual(failed, failureOf('request.serverError'));
    assert.deepEqual(
      readUploadReply(bytesOf(new TextEncoder().encode('<html>'))),
      failureOf('request.serverError'),
    );
    assert.deepEqual(
      readUploadReply(bytesOf(new TextEncoder().encode('{"status":true}'))),
      failureOf('request.serverError'),
    );
  });
});
