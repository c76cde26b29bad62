import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { failureOf } from './errors/index.ts';
import { type Notification, onNotify } from './notify.ts';
import { SUPPORT_TYPING_MS, type SupportMessage, type UploadReply } from './protocol/index.ts';
import {
  type ChatConnection,
  createSupportChat,
  createToastTabs,
  type HistoryReply,
  previewText,
  SUPPORT_PREVIEW_CHARS,
  type SupportChatOptions,
  seenMessageId,
} from './supportChat.ts';

let clock = Date.parse('2026-11-22T00:00:00Z');

function message(id: string, fields: Partial<SupportMessage> = {}): SupportMessage {
  clock += 1000;
  return {
    id,
    text: `text ${id}`,
    isOut: false,
    createdAt: new Date(clock).toISOString(),
    attachment: null,
    video: null,
    faq: [],
    links: [],
    ...fields,
  };
}

/** A test double of core/supportSocket.ts's connection: it records what the chat sends. */
function fakeConnection() {
  const sent: { id: string; text: string; attachment: number | null; userId?: number }[] = [];
  const typing: (number | undefined)[] = [];
  const connection: ChatConnection = {
    send(draft) {
      const id = `c${sent.length + 1}`;
      sent.push({ id, ...draft });
      return id;
    },
    typing(userId) {
      typing.push(userId);
    },
  };
  return { connection, sent, typing };
}

function setup(options: SupportChatOptions = {}, history: HistoryReply = ok([])) {
  let reads = 0;
  const chat = createSupportChat({
    loadHistory: async () => history,
    markRead: async () => {
      reads++;
    },
    ...options,
  });
  const socket = fakeConnection();
  chat.connect(socket.connection);
  chat.setStatus('open');
  return { chat, ...socket, reads: () => reads };
}

function ok(messages: SupportMessage[], unread = 0): HistoryReply {
  return { status: true, messages, unread };
}

let notes: Notification[] = [];
let stopListening: () => void = () => undefined;
beforeEach(() => {
  notes = [];
  stopListening = onNotify((note) => notes.push(note));
});
afterEach(() => stopListening());

describe('support chat history', () => {
  it('loads the history in time order with its unread count', async () => {
    const first = message('a');
    const second = message('b');
    const { chat } = setup({}, ok([second, first], 2));
    await chat.loadHistory();
    assert.deepEqual(
      chat.state.messages.map((item) => item.id),
      ['a', 'b'],
    );
    assert.equal(chat.state.unread, 2);
    assert.equal(chat.state.error, null);
  });

  it("shows the server's error_msg and empties the messages when the history fails", async () => {
    const { chat } = setup({}, { status: false, error_msg: 'Sign in to chat with support.' });
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('x') });
    await chat.loadHistory();
    assert.equal(chat.state.error, 'Sign in to chat with support.');
    assert.deepEqual(chat.state.messages, []);
  });

  it('keeps a message that arrived on the socket while the history was loading', async () => {
    const old = message('old');
    const { chat } = setup({}, ok([old]));
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('live') });
    await chat.loadHistory();
    assert.deepEqual(
      chat.state.messages.map((item) => item.id),
      ['old', 'live'],
    );
  });
});

describe('sending', () => {
  it('sends on demand only with text or an attachment and no pending send', () => {
    const { chat, sent } = setup();
    assert.equal(chat.send(), false, 'an empty draft is not sent');
    chat.setDraft('   ');
    assert.equal(chat.send(), false, 'blank text is not sent');
    chat.setDraft('Hello');
    assert.equal(chat.send(), true);
    assert.equal(chat.state.pendingId, 'c1');
    assert.equal(chat.state.outbox.length, 1, 'the message shows as sending');
    chat.setDraft('Hello again');
    assert.equal(chat.send(), false, 'no second send while one is pending');
    assert.deepEqual(sent, [{ id: 'c1', text: 'Hello', attachment: null }]);
  });

  it('the echo clears the draft, the attachment and the pending state, once', () => {
    const { chat } = setup();
    chat.state.attachment = { id: 9, path: '/a/9' };
    chat.setDraft('With a picture');
    chat.send();
    const echo = message('c1', { text: 'With a picture', isOut: true });
    chat.receive({ type: 'SUPPORT_SEND_MESSAGE', message: echo });
    chat.receive({ type: 'SUPPORT_SEND_MESSAGE', message: echo });
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: echo });
    assert.equal(chat.state.draft, '');
    assert.equal(chat.state.attachment, null);
    assert.equal(chat.state.pendingId, null);
    assert.deepEqual(chat.state.outbox, []);
    assert.deepEqual(
      chat.state.messages.map((item) => item.id),
      ['c1'],
    );
  });

  it('a failed send shows an error toast and clears the pending state', () => {
    const { chat } = setup();
    chat.setDraft('Too fast');
    chat.send();
    chat.receive({
      type: 'SUPPORT_SEND_MESSAGE',
      message: message('c1', { isOut: true }),
      error: 'You are sending messages too quickly.',
    });
    assert.deepEqual(notes, [
      { kind: 'toast', tone: 'error', text: 'You are sending messages too quickly.' },
    ]);
    assert.equal(chat.state.pendingId, null);
    assert.equal(chat.state.draft, 'Too fast', 'the text stays for another try');
    assert.deepEqual(chat.state.messages, []);
  });

  it('queues messages while offline, keeps the box usable, and shows them as sending', () => {
    const { chat, sent } = setup();
    chat.setStatus('connecting');
    chat.setDraft('first');
    assert.equal(chat.send(), true);
    assert.equal(chat.state.draft, '', 'the box is free for the next message');
    chat.setDraft('second');
    assert.equal(chat.send(), true);
    assert.deepEqual(
      chat.state.outbox.map((item) => item.text),
      ['first', 'second'],
    );
    assert.deepEqual(
      sent.map((item) => item.text),
      ['first', 'second'],
    );
    chat.setStatus('open');
    chat.receive({ type: 'SUPPORT_SEND_MESSAGE', message: message('c1', { isOut: true }) });
    chat.receive({ type: 'SUPPORT_SEND_MESSAGE', message: message('c2', { isOut: true }) });
    assert.deepEqual(chat.state.outbox, []);
    assert.equal(chat.state.messages.length, 2);
  });

  it('going offline while a send is pending frees the box; the message stays queued', () => {
    const { chat } = setup();
    chat.setDraft('in flight');
    chat.send();
    chat.setStatus('connecting');
    assert.equal(chat.state.pendingId, null);
    assert.equal(chat.state.draft, '');
    assert.equal(chat.state.outbox.length, 1);
  });

  it('a history re-read after a reconnect settles messages that were stored meanwhile', async () => {
    const stored = message('c1', { text: 'sent before the drop', isOut: true });
    const { chat } = setup({}, ok([stored]));
    chat.setDraft('sent before the drop');
    chat.send();
    await chat.loadHistory();
    assert.deepEqual(chat.state.outbox, []);
    assert.equal(chat.state.pendingId, null);
    assert.equal(chat.state.draft, '');
  });
});

describe('incoming messages', () => {
  it('while closed: unread + 1 and a 3 s notification cut to 64 characters', () => {
    const { chat } = setup();
    const long = 'x'.repeat(100);
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('s1', { text: long }) });
    assert.equal(chat.state.unread, 1);
    assert.deepEqual(notes, [
      { kind: 'snackbar', tone: 'info', text: `${'x'.repeat(SUPPORT_PREVIEW_CHARS)}…` },
    ]);
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('s1', { text: long }) });
    assert.equal(chat.state.unread, 1, 'a duplicate counts once');
  });

  it('while open: no toast, and the dialog is marked read', () => {
    const { chat, reads } = setup();
    chat.setOpen(true);
    const before = reads();
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('s2') });
    assert.equal(chat.state.unread, 0);
    assert.deepEqual(notes, []);
    assert.equal(reads(), before + 1);
  });

  it('opening the panel resets unread to 0 and marks the dialog read', () => {
    const { chat, reads } = setup();
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('s3') });
    chat.setOpen(true);
    assert.equal(chat.state.unread, 0);
    assert.equal(reads(), 1);
  });

  it('shows the typing indicator for 10 s or until the next message', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const { chat } = setup();
      chat.receive({ type: 'SUPPORT_TYPING_MESSAGE' });
      assert.equal(chat.state.isTyping, true);
      mock.timers.tick(SUPPORT_TYPING_MS - 1);
      assert.equal(chat.state.isTyping, true);
      mock.timers.tick(1);
      assert.equal(chat.state.isTyping, false);
      chat.receive({ type: 'SUPPORT_TYPING_MESSAGE' });
      chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('s4') });
      assert.equal(chat.state.isTyping, false);
    } finally {
      mock.timers.reset();
    }
  });

  it('tells the other side we are typing while the text grows', () => {
    const { chat, typing } = setup();
    chat.setDraft('h');
    chat.setDraft('he');
    chat.setDraft('h');
    assert.deepEqual(typing, [undefined, undefined], 'deleting is not typing');
  });

  it('previews an attachment-only message', () => {
    assert.equal(
      previewText({ text: '', attachment: { id: 1, path: '/x' } }),
      'Sent an attachment',
    );
  });
});

describe('staff chat', () => {
  it('names the client, ignores other dialogs and counts the client as the other side', () => {
    const { chat, sent, typing } = setup({ userId: 42 });
    chat.setDraft('Hello from support');
    chat.send();
    assert.deepEqual(sent[0], {
      id: 'c1',
      text: 'Hello from support',
      attachment: null,
      userId: 42,
    });
    assert.deepEqual(typing, [42]);
    chat.receive({
      type: 'SUPPORT_NEW_MESSAGE',
      userId: 7,
      message: message('other', { isOut: true }),
    });
    chat.receive({ type: 'SUPPORT_TYPING_MESSAGE', userId: 7 });
    assert.equal(chat.state.messages.length, 0);
    assert.equal(chat.state.isTyping, false);
    chat.receive({ type: 'SUPPORT_TYPING_MESSAGE', userId: 42 });
    assert.equal(chat.state.isTyping, true);
    chat.receive({
      type: 'SUPPORT_NEW_MESSAGE',
      userId: 42,
      message: message('mine', { isOut: true }),
    });
    assert.equal(chat.state.isTyping, false, "the client's message ends their typing");
    assert.equal(chat.state.unread, 1);
    assert.deepEqual(notes, [], 'staff chats do not toast');
    chat.dispose();
  });
});

describe('read marks', () => {
  it('the client sees its last message seen once staff read it, until it sends another', async () => {
    const { chat } = setup(
      {},
      { status: true, messages: [message('q1', { isOut: true })], seen: false },
    );
    await chat.loadHistory();
    assert.equal(chat.state.seen, false);
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'staff' });
    assert.equal(chat.state.seen, true);
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('q2', { isOut: true }) });
    assert.equal(chat.state.seen, false, "another tab's new message is not read yet");
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'staff' });
    assert.equal(chat.state.seen, true);
  });

  it("the reader's own side reading elsewhere clears the unread count, not the seen mark", () => {
    const { chat } = setup();
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('r1') });
    assert.equal(chat.state.unread, 1);
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'client' });
    assert.equal(chat.state.unread, 0);
    assert.equal(chat.state.seen, false);
  });

  it('a staff chat hears the client read its replies, for its own dialog only', () => {
    const { chat } = setup({ userId: 42 });
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'client', userId: 7 });
    assert.equal(chat.state.seen, false);
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'client', userId: 42 });
    assert.equal(chat.state.seen, true);
    chat.dispose();
  });

  it("a trade's chat keeps the other side's mark under the last message it read", async () => {
    const mine = (id: string) => message(id, { isOut: true });
    const theirs = message('t1', { from: 'Seller' });
    const history = { status: true, messages: [mine('m1'), theirs], unread: 1, seenThrough: 'm1' };
    const { chat, reads } = setup({ toasts: false }, history as HistoryReply);
    chat.setOpen(true);
    const opened = reads();
    await chat.loadHistory();
    assert.equal(reads(), opened + 1, 'an unread message in an open chat is read');
    const under = () => seenMessageId(chat.state, (item) => item.isOut);
    assert.equal(under(), 'm1');
    chat.receive({ type: 'SUPPORT_SEND_MESSAGE', message: mine('m2') });
    assert.equal(under(), 'm1', 'a newer own message leaves the mark where it was');
    chat.receive({ type: 'TRADE_READ_MESSAGE', through: 'm2' });
    assert.equal(under(), 'm2');
    // A history read before that mark was made does not move it back.
    await chat.loadHistory();
    assert.equal(under(), 'm2');
  });
});

describe('attachments', () => {
  it('uploads one accepted file with progress, then refuses another until removed', async () => {
    const progress: number[] = [];
    let uploads = 0;
    const upload = async (
      _file: Blob,
      options: { onProgress?: (fraction: number) => void } = {},
    ): Promise<UploadReply> => {
      uploads++;
      options.onProgress?.(0.5);
      progress.push(chat.state.upload?.progress ?? -1);
      return { status: true, attachment: { id: 5, path: '/attachments/5' } };
    };
    const { chat } = setup({ upload });
    await chat.attach([new File(['x'], 'shot.png')]);
    assert.deepEqual(progress, [0.5]);
    assert.deepEqual(chat.state.attachment, { id: 5, path: '/attachments/5' });
    assert.equal(chat.state.attachmentName, 'shot.png');
    assert.equal(chat.state.upload, null);
    await chat.attach([new File(['x'], 'second.png')]);
    assert.equal(uploads, 1, 'the picker is closed while an attachment exists');
    assert.equal(chat.canSend(), true, 'an attachment alone can be sent');
    chat.removeAttachment();
    assert.equal(chat.state.attachment, null);
  });

  it('refuses a file type outside the accept list with a notification', async () => {
    let uploads = 0;
    const { chat } = setup({
      upload: async () => {
        uploads++;
        return { ...failureOf('request.serverError'), error_msg: 'no' };
      },
    });
    await chat.attach([new File(['MZ'], 'setup.exe')]);
    assert.equal(uploads, 0);
    assert.equal(notes[0]?.tone, 'error');
    assert.match(notes[0]?.text ?? '', /png/);
  });
  it('says why when the upload fails, and leaves nothing attached', async () => {
    const { chat } = setup({
      upload: async () => ({
        ...failureOf('request.serverError'),
        error_msg: 'The file could not be stored. Try again.',
      }),
    });
    await chat.attach([new File(['x'], 'receipt.png')]);
    assert.equal(chat.state.attachment, null);
    assert.equal(chat.state.upload, null);
    assert.deepEqual(
      notes.map((note) => [note.tone, note.text]),
      [['error', 'The file could not be stored. Try again.']],
    );
  });
});

describe('toast tabs (several open tabs toast once)', () => {
  /** Retries an assertion until the tabs' notes have crossed the channel (or 5 s pass). */
  async function eventually(check: () => void) {
    for (let attempt = 0; ; attempt++) {
      try {
        return check();
      } catch (error) {
        if (attempt > 250) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  it('lets exactly one tab toast, preferring a visible one', async () => {
    const name = `tabs-${Math.random()}`;
    const visible = new Map<string, boolean>([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    const tabs = ['a', 'b', 'c'].map((tabId) =>
      createToastTabs({
        channelName: name,
        tabId,
        isVisible: () => visible.get(tabId) ?? false,
        onVisibilityChange: () => () => undefined,
      }),
    );
    await eventually(() =>
      assert.deepEqual(
        tabs.map((tab) => tab.shouldToast('m1')),
        [false, true, false],
      ),
    );
    tabs[1]?.close();
    await eventually(() =>
      assert.deepEqual(
        [tabs[0]?.shouldToast('m2'), tabs[2]?.shouldToast('m2')],
        [false, true],
        'when the toasting tab closes another takes over',
      ),
    );
    for (const tab of tabs) tab.close();
  });
});
