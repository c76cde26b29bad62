import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUser, modals, resetModals, setModal, user } from '../../core/index.ts';
import { SupportLayer } from './SupportLayer.tsx';

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <SupportLayer />
    </Router>,
  );
  return location;
}

const signedIn = { isLoaded: true, isAuth: true, id: 7, email: 'client@example.com' };

describe('SupportLayer (spec §2 Live Support button)', () => {
  const realFetch = globalThis.fetch;
  // No server here: the API answers every call as a refusal, so the chat shows its error state.
  beforeEach(() => {
    globalThis.fetch = async () =>
      new Response(JSON.stringify({ status: false, error_msg: 'Support is offline in tests.' }));
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    cleanup();
    Object.assign(user, initialUser);
    resetModals();
  });

  it('shows the launcher to a signed-in client and opens the panel from the store flag', async () => {
    Object.assign(user, { ...signedIn, statusId: 0 });
    renderAt('/account');
    const launcher = await screen.findByRole('button', { name: 'Live Support' });
    fireEvent.click(launcher);
    expect(modals.isOpenSupport).to.equal(true);
    const panel = await screen.findByRole('dialog', { name: 'Live support' });
    expect((await screen.findByRole('alert')).textContent).to.equal('Support is offline in tests.');
    expect(screen.queryByRole('button', { name: 'Live Support' })).to.equal(null);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(modals.isOpenSupport).to.equal(false);
    expect(await screen.findByRole('button', { name: 'Live Support' })).to.exist;
  });

  it('hides the launcher on admin paths but still opens the panel there', async () => {
    Object.assign(user, { ...signedIn, statusId: 0 });
    renderAt('/account/admin/clients');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Live Support' })).to.equal(null);
    act(() => setModal('isOpenSupport', true));
    expect(await screen.findByRole('dialog', { name: 'Live support' })).to.exist;
  });

  it('shows nothing to visitors and staff', async () => {
    Object.assign(user, { ...initialUser, isLoaded: true });
    renderAt('/');
    cleanup();
    Object.assign(user, { ...signedIn, statusId: 1 });
    const { container } = render(
      <Router hook={memoryLocation({ path: '/account' }).hook}>
        <SupportLayer />
      </Router>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.innerHTML).to.equal('');
  });
});
