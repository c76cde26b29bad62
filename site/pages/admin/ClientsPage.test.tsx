import { cleanup, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUser, type SupportVariables, user } from '../../../core/index.ts';
import ClientsPage from './ClientsPage.tsx';
import { CANNED_REPLIES, fillReply } from './cannedReplies.ts';

const variables: SupportVariables = {
  domain: 'exchange.example',
  projectName: 'Exchange',
  verificationAmount: 2000,
  login: 'alice',
  email: 'alice@example.com',
  balance: 12.5,
  deposits: 100,
  referalCode: 'ALICE1',
  regDate: '2026-01-02',
};

describe('ClientsPage', () => {
  afterEach(() => {
    cleanup();
    Object.assign(user, initialUser);
  });

  it('tells a non-staff account that the page is for staff only', () => {
    Object.assign(user, { isLoaded: true, isAuth: true, statusId: 0 });
    render(
      <Router hook={memoryLocation({ path: '/account/admin/clients' }).hook}>
        <ClientsPage />
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Staff only' })).to.exist;
    expect(screen.getByRole('link', { name: 'Back to your account' })).to.exist;
  });
});

describe('canned replies', () => {
  it('fill every variable and leave unknown names as written', () => {
    for (const reply of CANNED_REPLIES) {
      expect(fillReply(reply.text, variables)).not.to.match(/\{\w+\}/, reply.label);
    }
    expect(fillReply('Hi {login}, {unknown}', variables)).to.equal('Hi alice, {unknown}');
    expect(fillReply('Hi {login}', null)).to.equal('Hi {login}');
  });

  it('word the verification amount as a limit, never as a payment', () => {
    const text = fillReply(
      CANNED_REPLIES.find((reply) => reply.label === 'Verification limit')?.text ?? '',
      variables,
    );
    expect(text).to.contain('Withdrawals above 2000 USD require identity verification');
    expect(text).to.contain('never asks you to pay');
  });
});
