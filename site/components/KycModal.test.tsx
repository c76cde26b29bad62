import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialModals, initialUser, modals, setModal, setUser, user } from '../../core/index.ts';
import KycModal from './KycModal.tsx';

describe('KycModal', () => {
  afterEach(() => {
    cleanup();
    Object.assign(modals, initialModals);
    Object.assign(user, initialUser);
  });

  const renderAt = () => {
    const location = memoryLocation({ path: '/account', record: true });
    render(
      <Router hook={location.hook}>
        <KycModal />
      </Router>,
    );
    return location;
  };

  it('opens on isKYCOpen, closing the other modals, and leads to the verification page', async () => {
    setUser({ ...initialUser, id: 3, email: 'ann@example.com', login: 'ann' });
    setModal('isOpenSupport', true);
    const location = renderAt();
    expect(screen.queryByRole('dialog')).to.equal(null);
    setModal('isKYCOpen', true);
    const dialog = await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(modals.isOpenSupport).to.equal(false);
    expect(dialog.textContent).to.contain('four short steps');
    await waitFor(() => expect(dialog.contains(document.activeElement)).to.equal(true));
    screen.getByRole('button', { name: 'Start verification' }).focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(location.history?.at(-1)).to.equal('/account/verification'));
    expect(modals.isKYCOpen).to.equal(false);
  });

  it('says a review is pending, and closes on Escape', async () => {
    setUser({
      ...initialUser,
      id: 3,
      email: 'ann@example.com',
      isKycPending: true,
      kycStatusId: 1,
    });
    renderAt();
    setModal('isKYCOpen', true);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).to.contain('under review');
    await waitFor(() => expect(dialog.contains(document.activeElement)).to.equal(true));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => expect(modals.isKYCOpen).to.equal(false));
  });
});
