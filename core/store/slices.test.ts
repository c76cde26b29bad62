import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SupportClientRecord } from '../protocol/index.ts';
import { acceptCookies, cookies, loadCookieAcceptance } from './cookies.ts';
import { createLiveState, initialLive, setLiveCounters } from './live.ts';
import {
  createSupportClientState,
  resetSupportClient,
  setSupportUser,
  setSupportVariables,
  setUnreadMessages,
  togglePinnedDialog,
  updateSupportUser,
} from './supportClient.ts';
import { initialTrading, setStreamLoaded, trading } from './trading.ts';

describe('support-client state', () => {
  const record = { id: 7, email: 'a@b.c', isBlocked: false } as SupportClientRecord;

  it('runs its five actions on its own instance', () => {
    const state = createSupportClientState();
    const other = createSupportClientState();
    setUnreadMessages(4, state);
    setSupportUser({ ...record }, state);
    updateSupportUser('isBlocked', true, state);
    setSupportVariables({ domain: 'x.io' } as never, state);
    togglePinnedDialog(state);
    assert.equal(state.unreadMessages, 4);
    assert.equal(state.items?.isBlocked, true);
    assert.equal(state.variables?.domain, 'x.io');
    assert.equal(state.isPinnedDialog, true);
    togglePinnedDialog(state);
    assert.equal(state.isPinnedDialog, false);
    assert.equal(other.unreadMessages, 0, 'a second instance shares nothing');
    resetSupportClient(state);
    assert.equal(state.items, null);
  });
});

describe('trading load flags', () => {
  it('go true on connect and false on disconnect', () => {
    assert.deepEqual({ ...trading }, { ...initialTrading });
    setStreamLoaded('orders', true);
    assert.equal(trading.isOrdersLoaded, true);
    assert.equal(trading.isStatsLoaded, false);
    setStreamLoaded('orders', false);
    assert.equal(trading.isOrdersLoaded, false);
  });
});

describe('live counters', () => {
  it('start at zero and update per instance', () => {
    const state = createLiveState();
    assert.deepEqual({ ...state }, { ...initialLive });
    setLiveCounters({ count: 3 }, state);
    assert.deepEqual({ ...state }, { views: 0, count: 3 });
  });
});

describe('cookie notice', () => {
  it('is remembered as true once accepted', () => {
    loadCookieAcceptance();
    assert.equal(cookies.isAccepted, false);
    acceptCookies();
    cookies.isAccepted = false;
    loadCookieAcceptance();
    assert.equal(cookies.isAccepted, true);
  });
});
