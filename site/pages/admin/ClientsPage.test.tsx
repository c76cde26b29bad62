import { cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  initialUser,
  type SupportClientRecord,
  type SupportVariables,
  user,
} from '../../../core/index.ts';
import { ClientRecordPanel } from './ClientRecordPanel.tsx';
import ClientsPage from './ClientsPage.tsx';
import { CANNED_REPLIES, fillReply } from './cannedReplies.ts';
import { Inbox } from './Inbox.tsx';

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

const visitorRecord: SupportClientRecord = {
  id: 42,
  country: { name: '', code: '' },
  deposits: 0,
  promocode: '',
  createdAt: '2026-01-02T10:00:00.000Z',
  domain: 'partner.example',
  balance: 0,
  updatedAt: '2026-01-02T10:00:00.000Z',
  createdIp: '10.0.0.1',
  updatedIp: '10.0.0.1',
  login: 'Grace',
  email: 'grace@example.com',
  isPremium: false,
  isVerified: false,
  isWithdraw: false,
  isTransfer: false,
  isAbuse: false,
  isSwap: false,
  isWalletConnect: false,
  isKyc: false,
  isBlocked: false,
  isMobile: false,
  isVisitor: true,
};

describe('visitor dialogs', () => {
  afterEach(cleanup);

  it('are marked "Visitor" in words in the inbox and the record panel', () => {
    const holder = { ...visitorRecord, id: 7, login: 'alice', isVisitor: false };
    render(
      <Inbox
        dialogs={[
          {
            record: visitorRecord,
            unread: 1,
            isPinned: false,
            isVisitor: true,
            lastMessage: null,
            seen: true,
          },
          {
            record: holder,
            unread: 0,
            isPinned: false,
            isVisitor: false,
            lastMessage: null,
            seen: true,
          },
        ]}
        selectedId={null}
        onSelect={() => {}}
        now={Date.now()}
      />,
    );
    const rows = screen.getAllByTestId('inbox-row');
    expect(within(rows[0] as HTMLElement).getByText('Visitor')).to.exist;
    expect(within(rows[1] as HTMLElement).queryByText('Visitor')).to.equal(null);
    cleanup();

    render(
      <ClientRecordPanel
        record={visitorRecord}
        isPinned={false}
        busy={null}
        onPin={() => {}}
        onFlag={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Grace Visitor' })).to.exist;
    expect(screen.getByText('Contact email')).to.exist;
    expect(screen.getByText('grace@example.com')).to.exist;
  });
});

describe('the inbox', () => {
  afterEach(cleanup);

  const reply = {
    id: 'r1',
    text: 'We sent it.',
    isOut: false,
    createdAt: '2026-01-02T10:00:00.000Z',
    attachment: null,
    video: null,
    faq: [],
    links: [],
  };

  it('says "Seen" in words when the client has read the last reply, and only then', () => {
    const read = { ...visitorRecord, id: 7, login: 'alice', isVisitor: false };
    const unread = { ...visitorRecord, id: 8, login: 'bob', isVisitor: false };
    const question = { ...reply, id: 'q1', isOut: true };
    const row = { unread: 0, isPinned: false, isVisitor: false };
    render(
      <Inbox
        dialogs={[
          { ...row, record: read, lastMessage: reply, seen: true },
          { ...row, record: unread, lastMessage: reply, seen: false },
          { ...row, record: { ...read, id: 9, login: 'carol' }, lastMessage: question, seen: true },
        ]}
        selectedId={null}
        onSelect={() => {}}
        now={Date.now()}
      />,
    );
    const rows = screen.getAllByTestId('inbox-row');
    expect(within(rows[0] as HTMLElement).getByText('Seen')).to.exist;
    expect(within(rows[1] as HTMLElement).queryByText('Seen'), 'not read yet').to.equal(null);
    expect(within(rows[2] as HTMLElement).queryByText('Seen'), 'the client wrote last').to.equal(
      null,
    );
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
