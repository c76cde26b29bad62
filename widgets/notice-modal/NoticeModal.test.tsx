import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { useState } from 'react';
import type { Notice } from '../../core/protocol/index.ts';
import { MODAL_FADE_MS, Modal } from './Modal.tsx';
import { NOTICE_BORDER, NoticeModal } from './NoticeModal.tsx';

const notice: Notice = {
  id: 3,
  title: 'Maintenance tonight',
  type_id: 1,
  description:
    '<p>From <b>02:00</b></p><img src="x" onerror="window.__bad=1"><script>window.__bad=2</script>',
};

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Dialog title" onClose={() => setOpen(false)}>
        <button type="button">Inside</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  afterEach(cleanup);

  it('is a labelled modal dialog that takes focus and gives it back after Escape', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Dialog title' });
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    // It fades out over 300 ms, then leaves the page; focus is back on the opener.
    expect(dialog.parentElement?.hasAttribute('data-closing')).to.equal(true);
    await wait(MODAL_FADE_MS + 50);
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(document.activeElement).to.equal(opener);
  });

  it('traps Tab inside and closes on an outside click but not an inside one', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const inside = screen.getByRole('button', { name: 'Inside' });
    inside.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).to.equal(inside);
    fireEvent.click(inside);
    expect(dialog.parentElement?.hasAttribute('data-closing')).to.equal(false);
    fireEvent.click(dialog.parentElement as HTMLElement);
    expect(dialog.parentElement?.hasAttribute('data-closing')).to.equal(true);
  });
});

describe('NoticeModal', () => {
  afterEach(cleanup);

  it('renders nothing without a notice id', () => {
    render(
      <NoticeModal
        notice={null}
        open
        onClose={() => {}}
        onSupport={() => {}}
        onBuyCrypto={() => {}}
        onDeposit={() => {}}
      />,
    );
    expect(screen.queryByRole('dialog')).to.equal(null);
  });

  it('shows the sanitised description and the border colour of its type', () => {
    render(
      <NoticeModal
        notice={notice}
        open
        onClose={() => {}}
        onSupport={() => {}}
        onBuyCrypto={() => {}}
        onDeposit={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Maintenance tonight' });
    const body = screen.getByTestId('notice-body');
    expect(body.querySelector('b')?.textContent).to.equal('02:00');
    expect(body.innerHTML).not.to.contain('onerror');
    expect(body.innerHTML).not.to.contain('script');
    expect(getComputedStyle(dialog).borderTopColor).to.equal('rgb(255, 107, 107)');
    expect(NOTICE_BORDER[1]).to.equal('#ff6b6b');
  });

  it('closes first, then acts, for each footer button', () => {
    for (const [name, expected] of [
      ['Support', 'support'],
      ['Buy crypto', 'buy'],
      ['Deposit', 'deposit'],
    ] as const) {
      const calls: string[] = [];
      render(
        <NoticeModal
          notice={notice}
          open
          onClose={() => calls.push('close')}
          onSupport={() => calls.push('support')}
          onBuyCrypto={() => calls.push('buy')}
          onDeposit={() => calls.push('deposit')}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name }));
      expect(calls).to.deep.equal(['close', expected]);
      cleanup();
    }
  });
});
