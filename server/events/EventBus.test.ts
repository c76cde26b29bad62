import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus } from './EventBus.ts';

type Events = {
  'order.filled': { orderId: number; userIds: number[] };
  'kyc.decided': { userId: number; status: 'approved' | 'rejected' };
};

describe('EventBus', () => {
  it('delivers a payload to the listeners of its name only', () => {
    const bus = new EventBus<Events>();
    const filled: Events['order.filled'][] = [];
    const decided: Events['kyc.decided'][] = [];
    bus.subscribe('order.filled', (payload) => filled.push(payload));
    bus.subscribe('kyc.decided', (payload) => decided.push(payload));
    bus.publish('order.filled', { orderId: 7, userIds: [1, 2] });
    assert.deepEqual(filled, [{ orderId: 7, userIds: [1, 2] }]);
    assert.deepEqual(decided, []);
  });

  it('stops delivering to a listener that unsubscribed, and keeps the others', () => {
    const bus = new EventBus<Events>();
    const first: number[] = [];
    const second: number[] = [];
    const stop = bus.subscribe('kyc.decided', ({ userId }) => first.push(userId));
    bus.subscribe('kyc.decided', ({ userId }) => second.push(userId));
    bus.publish('kyc.decided', { userId: 1, status: 'approved' });
    stop();
    bus.publish('kyc.decided', { userId: 2, status: 'rejected' });
    assert.deepEqual(first, [1]);
    assert.deepEqual(second, [1, 2]);
  });

  it('publishes with nobody listening without complaint', () => {
    const bus = new EventBus<Events>();
    assert.doesNotThrow(() => bus.publish('order.filled', { orderId: 1, userIds: [] }));
  });

  it('lets a listener unsubscribe while the news is delivered', () => {
    const bus = new EventBus<Events>();
    const heard: string[] = [];
    const stop = bus.subscribe('kyc.decided', () => {
      heard.push('once');
      stop();
    });
    bus.subscribe('kyc.decided', () => heard.push('always'));
    bus.publish('kyc.decided', { userId: 1, status: 'approved' });
    bus.publish('kyc.decided', { userId: 1, status: 'approved' });
    assert.deepEqual(heard, ['once', 'always', 'always']);
  });
});
