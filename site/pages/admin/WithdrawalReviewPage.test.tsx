import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUser, type StaffWithdrawal, user } from '../../../core/index.ts';
import WithdrawalReviewPage from './WithdrawalReviewPage.tsx';

const STAFF_ID = 5;

const pending = (fields: Partial<StaffWithdrawal>): StaffWithdrawal => ({
  id: 11,
  asset: 'XRP',
  network: 'XRP',
  address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  tag: 123456,
  amount: '25000',
  fee: '0.25',
  status: 'awaitingReview',
  txHash: null,
  confirmations: 0,
  required: 1,
  reason: null,
  time: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  userId: 42,
  login: 'alice',
  email: 'alice@example.com',
  usdValue: '15000.15',
  ...fields,
});

type Body = Record<string, unknown>;

/**
 * The API as this page meets it: the pending list, and reviews that take a withdrawal off it
 * unless `refuse` gives the server's answer instead. Every request body is recorded in `sent`.
 */
function fakeApi(state: { list: StaffWithdrawal[]; refuse?: string; listError?: string }) {
  const sent: Body[] = [];
  const answer = (body: Body): Body => {
    if (body.method === 'withdrawals.getPending') {
      return state.listError
        ? { status: false, error_msg: state.listError }
        : { status: true, withdrawals: state.list };
    }
    if (body.method === 'withdrawals.review') {
      if (state.refuse) return { status: false, error_msg: state.refuse };
      const row = state.list.find((w) => w.id === body.id);
      state.list = state.list.filter((w) => w.id !== body.id);
      return { status: true, withdrawal: row };
    }
    return { status: false, error_msg: `Unexpected ${String(body.method)}` };
  };
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    return new Response(JSON.stringify(answer(body)), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch: fetch as typeof window.fetch };
}

function renderPage() {
  render(
    <Router hook={memoryLocation({ path: '/account/admin/withdrawals' }).hook}>
      <WithdrawalReviewPage />
    </Router>,
  );
}

const reviews = (sent: Body[]) =>
  sent
    .filter((body) => body.method === 'withdrawals.review')
    .map(({ id, approve, reason }) => ({ id, approve, reason }));

const reads = (sent: Body[]) => sent.filter((b) => b.method === 'withdrawals.getPending').length;

describe('WithdrawalReviewPage', () => {
  const realFetch = window.fetch;
  beforeEach(() => {
    Object.assign(user, { isLoaded: true, isAuth: true, statusId: 1, id: STAFF_ID });
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('shows staff each pending withdrawal: whose, what, where to, its worth and when', async () => {
    const api = fakeApi({
      list: [
        pending({}),
        pending({
          id: 12,
          asset: 'BTC',
          network: 'BTC',
          tag: null,
          address: 'bc1qstaff',
          amount: '0.5',
          fee: '0.0002',
          usdValue: '30000',
          userId: STAFF_ID,
          login: 'me',
          email: 'me@example.com',
        }),
      ],
    });
    window.fetch = api.fetch;
    renderPage();

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Clients' }).getAttribute('href')).to.equal(
      '/account/admin/clients',
    );
    const here = within(nav).getByRole('link', { name: 'Withdrawals to review' });
    expect(here.getAttribute('aria-current')).to.equal('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals to review' })).to.exist;

    const rows = await screen.findAllByTestId('pending-withdrawal');
    expect(rows).to.have.length(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('alice')).to.exist;
    expect(first.getByText('alice@example.com')).to.exist;
    expect(first.getByText('XRP (XRP)')).to.exist;
    expect(first.getByText('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe')).to.exist;
    expect(first.getByText('Tag 123456')).to.exist;
    expect(first.getByText('25,000')).to.exist;
    expect(first.getByText('0.25')).to.exist;
    expect(first.getByText('$15,000.15')).to.exist;
    const time = (rows[0] as HTMLElement).querySelector('time');
    expect(time?.getAttribute('dateTime')).to.equal('2026-11-23T10:00:00.000Z');
    expect(time?.textContent).to.equal(new Date('2026-11-23T10:00:00.000Z').toLocaleString());
    expect(first.getByRole('button', { name: /^Approve withdrawal #11 / })).to.exist;
    expect(first.getByRole('button', { name: /^Reject withdrawal #11 / })).to.exist;

    // The caller's own withdrawal has no buttons: the server would refuse them anyway.
    const own = within(rows[1] as HTMLElement);
    expect(own.getByText('Yours: another staff member reviews it.')).to.exist;
    expect(own.queryAllByRole('button')).to.have.length(0);
    expect(own.queryByText(/^Tag/)).to.equal(null);
  });

  it('approves after a confirmation, then shows the list without it', async () => {
    const api = fakeApi({ list: [pending({}), pending({ id: 13, login: 'bob' })] });
    window.fetch = api.fetch;
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: /^Approve withdrawal #11 / }));
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal #11' });
    expect(within(dialog).queryByLabelText(/Reason/)).to.equal(null);
    expect(reviews(api.sent)).to.deep.equal([]);
    const readsBefore = reads(api.sent);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve withdrawal' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-withdrawal')).to.have.length(1));
    expect(reviews(api.sent)).to.deep.equal([{ id: 11, approve: true, reason: undefined }]);
    expect(reads(api.sent)).to.be.greaterThan(readsBefore);
    expect(screen.getByRole('status').textContent).to.contain('Withdrawal #11 approved');
    expect(screen.queryByRole('button', { name: /#11 / })).to.equal(null);
    await waitFor(() => expect(document.activeElement?.tagName).to.equal('H1'));
  });

  it('rejects only with a reason, and sends that reason', async () => {
    const api = fakeApi({ list: [pending({})] });
    window.fetch = api.fetch;
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: /^Reject withdrawal #11 / }));
    const dialog = screen.getByRole('dialog', { name: 'Reject withdrawal #11' });
    const reason = within(dialog).getByLabelText('Reason (the account holder sees it)');
    expect(document.activeElement).to.equal(reason);

    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(reason.getAttribute('aria-invalid')).to.equal('true');
    expect(within(dialog).getByText(/Give the reason for the rejection/)).to.exist;
    expect(reviews(api.sent)).to.deep.equal([]);

    fireEvent.change(reason, { target: { value: ' Address on a sanctions list ' } });
    fireEvent.submit(reason.closest('form') as HTMLFormElement);
    await screen.findByText('No withdrawals are waiting for review.');
    expect(reviews(api.sent)).to.deep.equal([
      { id: 11, approve: false, reason: 'Address on a sanctions list' },
    ]);
    expect(screen.getByRole('status').textContent).to.contain('Withdrawal #11 rejected');
  });

  it('keeps the dialog open with the server’s refusal, and Escape closes it', async () => {
    const api = fakeApi({
      list: [pending({})],
      refuse: 'This withdrawal is not awaiting review.',
    });
    window.fetch = api.fetch;
    renderPage();

    const opener = await screen.findByRole('button', { name: /^Approve withdrawal #11 / });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal #11' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve withdrawal' }));
    expect((await within(dialog).findByRole('alert')).textContent).to.equal(
      'This withdrawal is not awaiting review.',
    );

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(document.activeElement).to.equal(opener);
  });

  it('says when nothing waits, and when the list cannot be read (with a way to try again)', async () => {
    const state: Parameters<typeof fakeApi>[0] = { list: [], listError: 'Server error' };
    const api = fakeApi(state);
    window.fetch = api.fetch;
    renderPage();

    expect(screen.getByText('Loading the withdrawals to review')).to.exist;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Could not load the withdrawals to review: Server error');

    delete state.listError;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No withdrawals are waiting for review.');
    expect(screen.queryByRole('alert')).to.equal(null);
  });

  it('tells a non-staff account that the page is for staff only, and asks the server nothing', () => {
    Object.assign(user, { statusId: 0 });
    const api = fakeApi({ list: [pending({})] });
    window.fetch = api.fetch;
    renderPage();
    expect(screen.getByRole('heading', { name: 'Staff only' })).to.exist;
    expect(api.sent).to.deep.equal([]);
  });
});
