import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  EXCLUSIVE_MODALS,
  initialModals,
  modals,
  resetModals,
  setCustomModal,
  setIsNew,
  setModal,
  toggleMenu,
} from './modals.ts';

describe('modals: the exclusive five, the menu toggle, the custom modal', () => {
  beforeEach(resetModals);

  it('start all closed', () => {
    assert.deepEqual({ ...modals }, { ...initialModals });
    assert.ok(Object.values(initialModals).every((open) => open === false));
  });

  for (const first of EXCLUSIVE_MODALS) {
    for (const second of EXCLUSIVE_MODALS) {
      if (first === second) continue;
      it(`opening ${second} closes ${first}`, () => {
        setModal(first, true);
        setModal(second, true);
        assert.equal(modals[first], false);
        assert.equal(modals[second], true);
      });
    }
  }

  it('closing one exclusive modal leaves the others as they are', () => {
    setModal('isOpenSupport', true);
    setModal('isOpenSwap', false);
    assert.equal(modals.isOpenSupport, true);
  });

  it('toggles the menu on each call', () => {
    toggleMenu();
    assert.equal(modals.isMenuOpen, true);
    toggleMenu();
    assert.equal(modals.isMenuOpen, false);
  });

  it('sets the custom modal and isNew without closing anything', () => {
    setModal('isKYCOpen', true);
    setCustomModal(true);
    setIsNew(true);
    assert.equal(modals.isKYCOpen, true);
    assert.equal(modals.isCustomModalOpen, true);
    assert.equal(modals.isNew, true);
    setModal('isOpenSupport', true);
    assert.equal(modals.isCustomModalOpen, true, 'exclusive modals leave the custom modal alone');
  });
});
