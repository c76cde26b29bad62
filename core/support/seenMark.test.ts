import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { laterReadMark, seenMessageId } from './seenMark.ts';

const list = (...ids: string[]) => ids.map((id) => ({ id, isOut: id.startsWith('me') }));
const mine = (message: { isOut: boolean }) => message.isOut;

describe('where "Seen" goes', () => {
  it('in a support dialog, under the last message when it is ours and all was read', () => {
    const messages = list('me-1', 'them-1', 'me-2');
    assert.equal(seenMessageId({ messages, seen: true, seenThrough: null }, mine), 'me-2');
    assert.equal(seenMessageId({ messages, seen: false, seenThrough: null }, mine), null);
    const replied = list('me-1', 'them-1');
    assert.equal(seenMessageId({ messages: replied, seen: true, seenThrough: null }, mine), null);
  });

  it("in a trade's chat, under our last message up to the one the other side read", () => {
    const messages = list('me-1', 'me-2', 'them-1', 'me-3');
    const at = (seenThrough: string) => seenMessageId({ messages, seen: false, seenThrough }, mine);
    assert.equal(at('them-1'), 'me-2');
    assert.equal(at('me-3'), 'me-3');
    assert.equal(at('me-1'), 'me-1');
    assert.equal(at('unknown'), null, 'a mark on a message not shown marks nothing');
    const theirsFirst = list('them-1', 'me-1');
    assert.equal(
      seenMessageId({ messages: theirsFirst, seen: false, seenThrough: 'them-1' }, mine),
      null,
    );
  });

  it('keeps the later of two read marks', () => {
    const messages = list('me-1', 'them-1', 'me-2');
    assert.equal(laterReadMark(messages, null, 'me-1'), 'me-1');
    assert.equal(laterReadMark(messages, 'me-2', 'me-1'), 'me-2');
    assert.equal(laterReadMark(messages, 'me-1', 'me-2'), 'me-2');
    assert.equal(laterReadMark(messages, 'me-1', null), 'me-1');
  });
});
