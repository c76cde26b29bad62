import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  config,
  initialConfig,
  initialUser,
  modals,
  resetModals,
  setModal,
  user,
} from '../../core/index.ts';
import { WIDGETS_SCRIPT } from '../useWidgets.ts';
import { SupportLayer } from './SupportLayer.tsx';

function renderAt(path: string) {
  return render(
    <Router hook={memoryLocation({ path }).hook}>
      <SupportLayer />
    </Router>,
  );
}

/** Renders at `path` with the lazily loaded chat code already fetched, and lets React settle. */
async function renderSettled(path: string) {
  await import('./UserSupport.tsx');
  const rendered = renderAt(path);
  await act(async () => {});
  return rendered;
}

/**
 * How many launchers or panels are on screen. Counted rather than compared with null: a failing
 * comparison hands the runner a DOM node to report, and that can stall the browser run.
 */
const launchers = () => screen.queryAllByRole('button', { name: 'Live Support' }).length;
const panels = () => screen.queryAllByRole('dialog', { name: 'Live support' }).length;
/** Whether the widget suite's script was added to the page. */
const widgetScriptAdded = () => document.querySelector(`script[src="${WIDGETS_SCRIPT}"]`) !== null;

const signedIn = { isLoaded: true, isAuth: true, id: 7, email: 'client@example.com' };

describe('SupportLayer: the Live Support button and panel', () => {
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
    config.live = { ...initialConfig.live };
    document.querySelector(`script[src="${WIDGETS_SCRIPT}"]`)?.remove();
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
    expect(launchers()).to.equal(0);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(modals.isOpenSupport).to.equal(false);
    expect(await screen.findByRole('button', { name: 'Live Support' })).to.exist;
  });

  it('hides the launcher on admin paths but still opens the panel there', async () => {
    Object.assign(user, { ...signedIn, statusId: 0 });
    renderAt('/account/admin/clients');
    act(() => setModal('isOpenSupport', true));
    expect(await screen.findByRole('dialog', { name: 'Live support' })).to.exist;
    // The chat is loaded and mounted now: with the panel closed, only the admin path hides it.
    await act(async () => setModal('isOpenSupport', false));
    expect(panels()).to.equal(0);
    expect(launchers()).to.equal(0);
  });

  it('shows a visitor nothing, and in live mode the widget chat instead of the launcher', async () => {
    Object.assign(user, { ...initialUser, isLoaded: true });
    const { container } = await renderSettled('/');
    expect(container.innerHTML).to.equal('');
    expect(widgetScriptAdded()).to.equal(false);

    await act(async () => {
      config.live.is_enabled = true;
    });
    expect(container.querySelector('support-chat')?.getAttribute('label')).to.equal('Live Support');
    expect(container.children.length).to.equal(1);
    expect(launchers()).to.equal(0);
    expect(widgetScriptAdded()).to.equal(true);
  });

  it('shows staff nothing, though a client sees the launcher as soon as the chat code is in', async () => {
    Object.assign(user, { ...signedIn, statusId: 0 });
    await renderSettled('/account');
    expect(launchers()).to.equal(1);
    cleanup();

    Object.assign(user, { ...signedIn, statusId: 1 });
    const { container } = await renderSettled('/account');
    expect(container.innerHTML).to.equal('');
  });
});
