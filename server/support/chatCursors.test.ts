/**
 * A chat's messages reach this server's sockets in stored order, each once, however the news of
 * them arrives: late, early, twice, or for a chat no socket here hears.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChatCursors, type Numbered } from './chatCursors.ts';

/** Chat 1's stored messages, and what a delivery pass delivers of them. */
function chatOne(stored: number[], newest = 0) {
  const cursors = new ChatCursors(async () => newest);
  const delivered: number[] = [];
  const news = (upTo: number) =>
    cursors.catchUp(
      1,
      upTo,
      async (after, until): Promise<Numbered[]> =>
        stored.filter((id) => id > after && id <= until).map((id) => ({ id })),
      (row) => delivered.push(row.id),
    );
  return { cursors, delivered, news };
}

test('news arriving out of order delivers the messages in stored order, each once', async () => {
  const { cursors, delivered, news } = chatOne([11, 12, 13]);
  cursors.listen(1);
  await news(12);
  await news(11);
  await news(13);
  await news(12);
  assert.deepEqual(delivered, [11, 12, 13]);
});

test('a chat starts at the newest message when its first socket here opened', async () => {
  const { cursors, delivered, news } = chatOne([5, 6, 9], 6);
  cursors.listen(1);
  await news(9);
  assert.deepEqual(delivered, [9]);
});

test('a chat no socket here hears is not read; one heard again starts afresh', async () => {
  const { cursors, delivered, news } = chatOne([3, 4, 8], 4);
  await news(3);
  cursors.listen(1);
  cursors.forget(1);
  await news(4);
  assert.deepEqual(delivered, []);
  cursors.listen(1);
  await news(8);
  assert.deepEqual(delivered, [8]);
});

test('while every chat is heard, a chat forgets its cursor only once that ends', async () => {
  const { cursors, delivered, news } = chatOne([2, 3, 7]);
  cursors.listenToEvery();
  cursors.listen(1);
  cursors.forget(1);
  await news(3);
  assert.deepEqual(delivered, [2, 3]);
  cursors.forgetEvery(() => false);
  await news(7);
  assert.deepEqual(delivered, [2, 3]);
});
