import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus } from '../events/EventBus.ts';
import type { ServerEvents } from '../events/ServerEvents.ts';
import { LIVE_THROTTLE_MS, LiveHub, type LiveSocket } from './LiveHub.ts';

const bus = () => new EventBus<ServerEvents>();

function socket() {
  const received: { views: number; count: number }[] = [];
  const live: LiveSocket = { send: (data) => received.push(JSON.parse(data)) };
  return { live, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, LIVE_THROTTLE_MS * 2));

describe('LiveHub', () => {
  it('sends the figures on join and counts connections, not views', async () => {
    const hub = new LiveHub(41, bus());
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
    const hub = new LiveHub(0, bus());
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

  describe('servers sharing a database (one bus between them)', () => {
    const quick = { heartbeatMs: 40, silenceMs: 120 };

    it('shows the connections of every server and the views recorded on any', async () => {
      const events = bus();
      const one = new LiveHub(5, events, quick);
      const two = new LiveHub(5, events, quick);
      const a = socket();
      const b = socket();
      const c = socket();
      one.join(a.live);
      two.join(b.live);
      two.join(c.live);
      one.recordView();
      two.recordView();
      await settle();
      assert.deepEqual(a.received.at(-1), { type: 'LIVE_COUNTERS', views: 7, count: 3 });
      assert.deepEqual(b.received.at(-1), { type: 'LIVE_COUNTERS', views: 7, count: 3 });
      two.close();
      await settle();
      assert.equal(a.received.at(-1)?.count, 1, "a closed server's connections stop counting");
      one.close();
    });

    it('stops counting a server that falls silent (killed, cut off)', async () => {
      const events = bus();
      const one = new LiveHub(0, events, quick);
      const a = socket();
      one.join(a.live);
      // A server that announced two connections and was never heard again.
      events.publish('live.connections', { server: 'gone', count: 2 });
      assert.equal(one.counters.count, 3);
      await new Promise((resolve) => setTimeout(resolve, quick.silenceMs + 3 * quick.heartbeatMs));
      await settle();
      assert.equal(a.received.at(-1)?.count, 1);
      one.close();
    });
  });
});
