import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import type { SupportMessage } from '../../../core/protocol/index.ts';
import { TradeChat } from './TradeChat.tsx';

type Body = Record<string, unknown>;

function message(id: string, isOut: boolean): SupportMessage {
  return {
    id,
    text: `Message ${id}`,
    isOut,
    createdAt: new Date(Date.now() - 60_000 + Number(id.slice(-1)) * 1000).toISOString(),
    attachment: null,
    video: null,
    faq: [],
    links: [],
    ...(isOut ? {} : { from: 'Seller' }),
  };
}

/** The chat's history as the server answers it: the buyer's two messages and the seller's. */
const HISTORY = {
  status: true,
  messages: [message('me-1', true), message('them-2', false), message('me-3', true)],
  seenThrough: 'them-2',
};

describe('TradeChat', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];

  beforeEach(() => {
    sent = [];
    window.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Body;
      sent.push(body);
      // No socket ticket: the chat stays offline and reads its history alone.
      // Once read, nothing is unread, as the server answers.
      const answer =
        body.method === 'p2p.getTradeChat'
          ? { ...HISTORY, unread: reads().length > 0 ? 0 : 1 }
          : body.method === 'support.getSocketTicket'
            ? { status: false, error_msg: 'No ticket here.' }
            : { status: true };
      return new Response(JSON.stringify(answer), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof window.fetch;
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  const reads = () => sent.filter((body) => body.method === 'p2p.markTradeChatRead');

  it('shows "Seen" as text under the last own message the other side read, after reload', async () => {
    render(<TradeChat tradeId={7} title="Chat with sam" />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const seen = await within(log).findByText('Seen');
    // Under me-1 (the seller read through their own them-2), not under the newer me-3.
    expect(seen.previousElementSibling?.textContent).to.contain('Message me-1');
    expect(within(log).getAllByText('Seen')).to.have.length(1);
    await waitFor(() => expect(reads()).to.have.length(1));
    expect(reads()[0]).to.include({ id: 7 });
  });

  it('reads the chat only once the page is in view', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    render(<TradeChat tradeId={7} title="Chat with sam" />);
    await screen.findByText('Message them-2');
    expect(reads(), 'a hidden page reads nothing').to.have.length(0);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads()).to.have.length(1));
  });
});
