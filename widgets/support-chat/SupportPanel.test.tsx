import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import type { SupportMessage } from '../../core/protocol/index.ts';
import {
  type ChatConnection,
  createSupportChat,
  type HistoryReply,
} from '../../core/supportChat.ts';
import { SupportLauncher } from './SupportLauncher.tsx';
import { EMPTY_HISTORY_TEXT, SupportPanel } from './SupportPanel.tsx';

/** A 1x1 PNG, so the image attachment really decodes. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** valtio notifies subscribers in a microtask: let React see the change. */
const flush = () => act(async () => {});

/** A 600 px wide image served beside this test, to see the 250 px cap. */
const WIDE_IMAGE = '/widgets/support-chat/test-wide-image.svg';

function message(id: string, fields: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id,
    text: `Message ${id}`,
    isOut: false,
    createdAt: new Date(Date.now() - 120_000).toISOString(),
    attachment: null,
    video: null,
    faq: [],
    links: [],
    ...fields,
  };
}

/** A test double of the socket connection: it records sends. */
function setup(history: HistoryReply = { status: true, messages: [], unread: 0 }) {
  const sent: { text: string; attachment: number | null }[] = [];
  const connection: ChatConnection = {
    send(draft) {
      sent.push(draft);
      return `c${sent.length}`;
    },
    typing() {},
  };
  const chat = createSupportChat({ loadHistory: async () => history, markRead: async () => {} });
  chat.connect(connection);
  chat.setStatus('open');
  return { chat, sent };
}

describe('SupportPanel', () => {
  afterEach(cleanup);

  it('shows the empty-history text inside a polite log', async () => {
    const { chat } = setup();
    render(<SupportPanel chat={chat} />);
    await act(() => chat.loadHistory());
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).to.equal('polite');
    expect(within(log).getByText(EMPTY_HISTORY_TEXT)).to.exist;
  });

  it('shows "Seen" under the last own message once the other side read it', async () => {
    const { chat } = setup({
      status: true,
      messages: [message('q1', { isOut: true })],
      unread: 0,
      seen: false,
    });
    render(<SupportPanel chat={chat} />);
    await act(() => chat.loadHistory());
    expect(screen.queryByText('Seen')).to.equal(null);
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'staff' });
    await flush();
    expect(within(screen.getByRole('log')).getByText('Seen')).to.exist;
    chat.receive({ type: 'SUPPORT_NEW_MESSAGE', message: message('a1') });
    await flush();
    expect(screen.queryByText('Seen'), 'not under a reply').to.equal(null);
  });

  it('shows staff "Seen" under their last reply once the client read it, as text', async () => {
    const history: HistoryReply = {
      status: true,
      messages: [message('q1', { isOut: true }), message('r1')],
      seen: false,
    };
    const chat = createSupportChat({
      userId: 42,
      loadHistory: async () => history,
      markRead: async () => {},
    });
    render(<SupportPanel chat={chat} side="staff" otherName="alice" />);
    await act(() => chat.loadHistory());
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'client', userId: 7 });
    await flush();
    expect(screen.queryByText('Seen'), "another client's reading").to.equal(null);
    chat.receive({ type: 'SUPPORT_READ_MESSAGE', reader: 'client', userId: 42 });
    await flush();
    const seen = within(screen.getByRole('log')).getByText('Seen');
    expect(seen.previousElementSibling?.textContent).to.contain('Message r1');
    chat.dispose();
  });

  it('in a trade\'s chat, keeps "Seen" under the last own message read while a newer one waits', async () => {
    const { chat } = setup({
      status: true,
      messages: [message('m1', { isOut: true }), message('t1', { from: 'Seller' })],
      seenThrough: 't1',
    });
    render(<SupportPanel chat={chat} />);
    await act(() => chat.loadHistory());
    const under = () =>
      within(screen.getByRole('log')).getByText('Seen').previousElementSibling?.textContent;
    expect(under()).to.contain('Message m1');
    chat.receive({
      type: 'SUPPORT_SEND_MESSAGE',
      message: message('m2', { isOut: true, createdAt: new Date().toISOString() }),
    });
    await flush();
    expect(under(), 'not yet under the unread m2').to.contain('Message m1');
    chat.receive({ type: 'TRADE_READ_MESSAGE', through: 'm2' });
    await flush();
    expect(under()).to.contain('Message m2');
    expect(screen.getAllByText('Seen')).to.have.length(1);
  });

  it("shows the server's error when the history fails", async () => {
    const { chat } = setup({ status: false, error_msg: 'Support is unavailable right now.' });
    render(<SupportPanel chat={chat} />);
    await act(() => chat.loadHistory());
    expect(screen.getByRole('alert').textContent).to.equal('Support is unavailable right now.');
    expect(screen.queryByText(EMPTY_HISTORY_TEXT)).to.equal(null);
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and waits for the echo', async () => {
    const { chat, sent } = setup();
    render(<SupportPanel chat={chat} />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(Number.parseFloat(getComputedStyle(box).fontSize)).to.be.at.least(16);
    fireEvent.input(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).to.have.length(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).to.deep.equal([{ text: 'Hello', attachment: null }]);
    await flush();
    expect(screen.getByText('sending…')).to.exist;
    const sendButton = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(sendButton.disabled, 'no second send while pending').to.equal(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).to.have.length(1);
    chat.receive({
      type: 'SUPPORT_SEND_MESSAGE',
      message: message('c1', { text: 'Hello', isOut: true, createdAt: new Date().toISOString() }),
    });
    await flush();
    expect(box.value).to.equal('');
    expect(screen.queryByText('sending…')).to.equal(null);
    const log = screen.getByRole('log');
    expect(within(log).getByText('Hello')).to.exist;
    expect(within(log).getByText('Just now')).to.exist;
  });

  it('shows messages with relative times, images at most 250 px, FAQ answers and safe links', async () => {
    const { chat } = setup({
      status: true,
      unread: 0,
      messages: [
        message('m1', {
          text: 'Here is the screen',
          attachment: { id: 1, path: WIDE_IMAGE },
          faq: [{ question: 'How do I deposit?', answer: 'Open Deposit.', video: null }],
          links: [
            { name: 'Deposit page', path: '/account/deposit' },
            { name: 'Bad link', path: 'javascript:alert(1)' },
          ],
        }),
      ],
    });
    render(<SupportPanel chat={chat} />);
    await act(() => chat.loadHistory());
    expect(screen.getByText('2 mins ago')).to.exist;
    const image = screen.getByRole('img', { name: 'Attachment' }) as HTMLImageElement;
    // `complete` is also true for an image that failed, which any width cap passes: wait for
    // the outcome, and measure only an image that really loaded at its 600 px.
    if (!image.complete) {
      await new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      });
    }
    expect(image.naturalWidth, `${image.src} loaded`).to.equal(600);
    expect(image.getBoundingClientRect().width).to.be.at.most(250);
    expect(screen.getByText('How do I deposit?')).to.exist;
    expect(screen.getByRole('link', { name: 'Deposit page' }).getAttribute('href')).to.equal(
      '/account/deposit',
    );
    expect(screen.queryByRole('link', { name: 'Bad link' })).to.equal(null);
  });

  it('names each other writer visibly in a trade’s chat, and not in a dialog of two', async () => {
    const { chat } = setup({
      status: true,
      unread: 0,
      messages: [
        message('t1', { text: 'Sent the money', from: 'Buyer' }),
        message('t2', { text: 'Please send the statement', from: 'Support' }),
        message('t3', { text: 'Here it is', isOut: true }),
      ],
    });
    render(<SupportPanel chat={chat} title="Trade 4: chat with sam" />);
    await act(() => chat.loadHistory());
    const authors = [...document.querySelectorAll('.sc-author')].map((item) => item.textContent);
    expect(authors).to.deep.equal(['Buyer', 'Support']);
    expect(document.querySelectorAll('.sc-sr')[0]?.textContent).to.equal('You:');
  });

  it('shows a spinner while connecting, a live dot when open, and the typing indicator', async () => {
    const { chat } = setup();
    chat.setStatus('connecting');
    const { container } = render(<SupportPanel chat={chat} />);
    expect(screen.getByText('Connecting…')).to.exist;
    expect(container.querySelector('.sc-spinner')).to.exist;
    chat.setStatus('open');
    await flush();
    expect(screen.getByText('Online')).to.exist;
    expect(container.querySelector('.sc-dot')).to.exist;
    chat.receive({ type: 'SUPPORT_TYPING_MESSAGE' });
    await flush();
    expect(screen.getByRole('status', { name: '' }).textContent).to.equal('Support is typing…');
    chat.dispose();
  });

  it('disables the attachment picker while uploading and once a file is attached', async () => {
    let finish: (value: { status: true; attachment: { id: number; path: string } }) => void =
      () => {};
    const chat = createSupportChat({
      loadHistory: async () => ({ status: true, messages: [] }),
      markRead: async () => {},
      upload: (_file, options) =>
        new Promise((resolve) => {
          options?.onProgress?.(0.4);
          finish = resolve;
        }),
    });
    render(<SupportPanel chat={chat} />);
    const picker = screen.getByRole('button', { name: 'Attach a file' }) as HTMLButtonElement;
    expect(picker.disabled).to.equal(false);
    const uploading = chat.attach([new File(['x'], 'photo.png')]);
    await flush();
    const progress = screen.getByRole('progressbar', { name: 'Uploading photo.png' });
    expect((progress as HTMLProgressElement).value).to.equal(0.4);
    expect(picker.disabled).to.equal(true);
    await act(async () => {
      finish({ status: true, attachment: { id: 4, path: PIXEL } });
      await uploading;
    });
    expect(screen.getByText('Attached: photo.png')).to.exist;
    expect(picker.disabled).to.equal(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the attachment' }));
    await flush();
    expect(picker.disabled).to.equal(false);
  });

  it('closes on Escape and from its close button when floating', () => {
    const { chat } = setup();
    let closed = 0;
    render(<SupportPanel chat={chat} onClose={() => closed++} autoFocus />);
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    expect(document.activeElement).to.equal(screen.getByLabelText('Message'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close live support' }));
    expect(closed).to.equal(2);
  });
});

describe('SupportLauncher', () => {
  afterEach(cleanup);

  it('has a name carrying the unread count and a visible badge', () => {
    let opened = 0;
    const { rerender } = render(<SupportLauncher onOpen={() => opened++} unread={0} live />);
    expect(screen.getByRole('button', { name: 'Live Support' })).to.exist;
    expect(screen.queryByTestId('support-unread')).to.equal(null);
    rerender(<SupportLauncher onOpen={() => opened++} unread={3} live />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Support, 3 unread' }));
    expect(screen.getByTestId('support-unread').textContent).to.equal('3');
    expect(opened).to.equal(1);
  });
});
