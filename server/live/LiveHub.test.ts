import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LIVE_THROTTLE_MS, LiveHub, type LiveSocket } from './LiveHub.ts';

function socket() {
  const received: { views: number; count: number }[] = [];
  const live: LiveSocket = { send: (data) => received.push(JSON.parse(data)) };
  return { live, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, LIVE_THROTTLE_MS * 2));

describe('LiveHub', () => {
  it('sends the figures on join and counts connections, not views', async () => {
    const hub = new LiveHub(41);
    const a = socket();
    hub.join(a.live);
    assert.deepEqual(a.received, [{ type: 'LIVE_COUNTERS', views: 41, count: 1 }]);
    const b = socket();
    hub.join(b.live);
    await settle();
    assert.equal(a.received.at(-1)?.count, 2);
    hub.leave(b.live);
    await settle();
    assert.equal(a.received.at(-1)?.count, 1);
    hub.close();
  });

  it('folds a burst of views into one broadcast', async () => {
    const hub = new LiveHub(0);
    const a = socket();
    hub.join(a.live);
    await settle();
    const before = a.received.length;
    for (let i = 0; i < 100; i++) hub.recordView();
    await settle();
    assert.equal(a.received.length - before, 1);
    assert.equal(a.received.at(-1)?.views, 100);
    hub.close();
  });
});
