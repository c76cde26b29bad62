import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { modals, resetModals, setModal } from './modals.ts';
import { openSwap, swap } from './swap.ts';

describe('openSwap', () => {
  beforeEach(resetModals);

  it('opens the swap modal from a currency, closing the other exclusive modals', () => {
    setModal('isOpenSupport', true);
    openSwap('ETH');
    assert.equal(modals.isOpenSwap, true);
    assert.equal(modals.isOpenSupport, false);
    assert.equal(swap.from, 'ETH');
    openSwap();
    assert.equal(swap.from, null);
  });
});
