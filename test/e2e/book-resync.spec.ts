/**
 * The order book a user sees stays right when the page misses an update. The page's market
 * socket runs through a relay that can lose one sequenced book update on its way in, as a flaky
 * network might. Until the next update the page cannot know (its book is then wrong); the next
 * update's number gives the gap away, the page asks for a fresh snapshot, and the book it shows
 * equals the server's `markets.getBook`. Against a server of the spec's own, so the orders placed
 * here never change the books other specs read.
 */
import type { Page } from '@playwright/test';
import {
  MARKET_SOCKET_PATH,
  type MarketClientMessage,
  type MarketServerMessage,
} from '../../core/protocol/index.ts';
import { expect, test } from './consoleGuard.ts';
import { serverOfItsOwn } from './ownServer.ts';
import { apiCall, DEMO, preAcceptCookies } from './shellHelpers.ts';

const server = serverOfItsOwn({ portOffset: 26, name: 'book' });

const PAIR = 'XRP_USDT';

/** Waits long enough for a page on a busy machine; nothing here is a timing budget. */
const patient = expect.configure({ timeout: 30_000 });

/** What passed through the relay. */
interface Relay {
  /** Book updates of PAIR lost so far. */
  lost: number;
  /** Subscriptions the page sent to PAIR's book. */
  bookSubscriptions: number;
  /** Loses the next book update of PAIR (one only). */
  loseNextUpdate(): void;
}

/** Routes the page's market socket through a relay that loses what it is told to. */
async function relayMarketSocket(page: Page): Promise<Relay> {
  let armed = false;
  const relay: Relay = {
    lost: 0,
    bookSubscriptions: 0,
    loseNextUpdate() {
      armed = true;
    },
  };
  const isLost = (message: MarketServerMessage) => {
    if (!armed || message.type !== 'book' || message.pair !== PAIR || message.snapshot) {
      return false;
    }
    armed = false;
    relay.lost += 1;
    return true;
  };
  await page.routeWebSocket(new RegExp(`${MARKET_SOCKET_PATH}(\\?|$)`), (socket) => {
    const upstream = socket.connectToServer();
    socket.onMessage((frame) => {
      const message = JSON.parse(String(frame)) as MarketClientMessage;
      if (message.type === 'subscribe' && 'pair' in message && message.pair === PAIR) {
        if (message.stream === 'orders') relay.bookSubscriptions += 1;
      }
      upstream.send(frame);
    });
    upstream.onMessage((frame) => {
      const parsed = JSON.parse(String(frame)) as MarketServerMessage | MarketServerMessage[];
      // One frame may carry several messages (one commit's): only the book update is lost.
      const kept = (Array.isArray(parsed) ? parsed : [parsed]).filter((m) => !isLost(m));
      if (kept.length === 0) return;
      socket.send(JSON.stringify(Array.isArray(parsed) ? kept : kept[0]));
    });
  });
  return relay;
}

/** A decimal as written plainly: no grouping, no trailing zeros ("1,250.500" → "1250.5"). */
function plain(text: string): string {
  const digits = text.replaceAll(',', '').trim();
  return digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits;
}

/** The levels the page shows, best first, as "price@amount". */
async function shownBook(page: Page): Promise<{ bids: string[]; asks: string[] }> {
  const side = (name: 'bids' | 'asks') =>
    page
      .getByTestId(`book-${name}`)
      .locator('button[data-price]')
      .evaluateAll((buttons) =>
        buttons.map((button) => [
          button.getAttribute('data-price') ?? '',
          button.querySelectorAll('span')[1]?.textContent ?? '',
        ]),
      );
  const level = ([price = '', amount = '']: string[]) => `${plain(price)}@${plain(amount)}`;
  const bids = (await side('bids')).map(level);
  // Asks are drawn worst first, so the best ask sits next to the last price.
  const asks = (await side('asks')).map(level).reverse();
  return { bids, asks };
}

/** The server's book, in the same form. */
async function serverBook(page: Page): Promise<{ bids: string[]; asks: string[] }> {
  const reply = await apiCall(page, 'markets.getBook', { pair: PAIR });
  expect(reply.status, JSON.stringify(reply)).toBe(true);
  const book = reply.book as Record<'bids' | 'asks', { price: string; amount: string }[]>;
  const levels = (side: 'bids' | 'asks') =>
    book[side].map(({ price, amount }) => `${plain(price)}@${plain(amount)}`);
  return { bids: levels('bids'), asks: levels('asks') };
}

test('a book that misses an update re-syncs and shows the server’s book', async ({
  page,
  baseURL,
}) => {
  const relay = await relayMarketSocket(page);
  await preAcceptCookies(page);
  await page.goto(server.at(baseURL, `/trading/${PAIR}`));
  // The book's last-price line shows once the snapshot is in.
  await patient(page.getByTestId('book-last')).toBeVisible();
  expect(relay.bookSubscriptions).toBe(1);

  const signIn = await apiCall(page, 'users.signIn', DEMO);
  expect(signIn.status, JSON.stringify(signIn)).toBe(true);
  const place = async (side: 'buy' | 'sell', price: string, amount: string) => {
    const placed = await apiCall(
      page,
      'orders.place',
      { pair: PAIR, side, type: 'limit', price, amount },
      signIn.token as string,
    );
    expect(placed.status, JSON.stringify(placed)).toBe(true);
  };

  await place('buy', '2.3', '10');
  await patient.poll(() => shownBook(page)).toEqual({ bids: ['2.3@10'], asks: [] });

  relay.loseNextUpdate();
  await place('buy', '2.29', '20');
  await patient.poll(() => relay.lost).toBe(1);
  // The page never heard of the new bid, and nothing has told it so yet: its book is wrong.
  expect(await shownBook(page)).toEqual({ bids: ['2.3@10'], asks: [] });
  expect(await serverBook(page)).toEqual({ bids: ['2.3@10', '2.29@20'], asks: [] });

  // The next update skips a number: the page subscribes again and gets a fresh snapshot.
  await place('sell', '2.4', '30');
  await patient.poll(() => relay.bookSubscriptions).toBe(2);
  const expected = { bids: ['2.3@10', '2.29@20'], asks: ['2.4@30'] };
  expect(await serverBook(page)).toEqual(expected);
  await patient.poll(() => shownBook(page)).toEqual(expected);
  expect(relay.lost, 'one update lost, no more').toBe(1);
});
