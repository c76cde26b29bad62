import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUser, type StaffReserveSnapshot, user } from '../../../core/index.ts';
import ReservesAdminPage from './ReservesAdminPage.tsx';

type Body = Record<string, unknown>;

const BUSY = 'A snapshot is being taken right now. Please wait for it and look at the list again.';

const snapshot = (
  id: number,
  fields: Partial<StaffReserveSnapshot> = {},
): StaffReserveSnapshot => ({
  id,
  takenAt: '2026-11-24T00:00:00.000Z',
  rootHash: `${id}`.padStart(64, 'a'),
  leafCount: 1024,
  assets: [
    { ticker: 'BTC', liabilities: '2', reserves: '3', ratio: '1.5' },
    { ticker: 'USDT', liabilities: '1000', reserves: '0', ratio: '0' },
  ],
  accounts: 1234,
  takenBy: null,
  shortfalls: ['USDT'],
  ...fields,
});

/**
 * The API as the staff page meets it: the list, the latest's shortfalls, and a snapshot taken
 * when asked (held until `release` when `hold` is set, refused with `busy`).
 */
function fakeApi(state: { list: StaffReserveSnapshot[]; busy?: boolean; hold?: boolean }) {
  const sent: Body[] = [];
  let release = () => {};
  const answer = async (body: Body): Promise<Body> => {
    if (body.method === 'reserves.getSnapshots') return { status: true, snapshots: state.list };
    if (body.method === 'reserves.getShortfalls') {
      const [latest] = state.list;
      return {
        status: true,
        snapshotId: latest?.id ?? null,
        shortfalls: latest?.assets.filter((a) => latest.shortfalls.includes(a.ticker)) ?? [],
      };
    }
    if (body.method === 'reserves.takeSnapshot') {
      if (state.hold) await new Promise<void>((resolve) => (release = resolve));
      if (state.busy) return { status: false, error_msg: BUSY, error_code: 'reserves.busy' };
      const taken = snapshot((state.list[0]?.id ?? 0) + 1, { takenBy: 5 });
      state.list = [taken, ...state.list];
      return { status: true, snapshot: taken };
    }
    return { status: false, error_msg: `Unexpected ${String(body.method)}` };
  };
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    return new Response(JSON.stringify(await answer(body)), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch: fetch as typeof window.fetch, release: () => release() };
}

function renderPage() {
  render(
    <Router hook={memoryLocation({ path: '/account/admin/reserves' }).hook}>
      <ReservesAdminPage />
    </Router>,
  );
}

describe('ReservesAdminPage', () => {
  const realFetch = window.fetch;
  beforeEach(() => {
    Object.assign(user, { isLoaded: true, isAuth: true, statusId: 1, id: 5 });
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('shows the shortfalls at the top, then the snapshots with accounts, roots and ratios', async () => {
    window.fetch = fakeApi({
      list: [snapshot(2), snapshot(1, { takenBy: 5, shortfalls: [] })],
    }).fetch;
    renderPage();

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav).getByRole('link', { name: 'Proof of reserves' }).getAttribute('aria-current'),
    ).to.equal('page');
    const alert = await screen.findByTestId('shortfalls');
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.contain('Reserves fall short in snapshot #2 for USDT');
    expect(alert.textContent).to.contain('USDT: 0 held for 1,000 owed (0 %Short)');
    // At the top: before the button and the list.
    const button = screen.getByRole('button', { name: 'Take a snapshot now' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(
      0,
    );

    const rows = await screen.findAllByTestId('reserve-snapshot');
    expect(rows).to.have.length(2);
    expect(rows[0]?.textContent).to.contain('Schedule');
    expect(rows[0]?.textContent).to.contain('1,234');
    expect(rows[0]?.textContent).to.contain('2'.padStart(64, 'a'));
    expect(rows[0]?.textContent).to.contain('BTC 150 %');
    expect(rows[1]?.textContent).to.contain('Staff #5');
  });

  it('takes a snapshot: pending while it runs, then says so and lists it', async () => {
    const api = fakeApi({ list: [snapshot(1, { shortfalls: [] })], hold: true });
    window.fetch = api.fetch;
    renderPage();
    expect(await screen.findAllByTestId('reserve-snapshot')).to.have.length(1);
    expect(screen.queryByTestId('shortfalls')).to.equal(null);

    fireEvent.click(screen.getByRole('button', { name: 'Take a snapshot now' }));
    const pending = await screen.findByRole('button', { name: 'Taking a snapshot…' });
    expect((pending as HTMLButtonElement).disabled).to.equal(true);
    expect(pending.getAttribute('aria-busy')).to.equal('true');
    await waitFor(() =>
      expect(api.sent.some((b) => b.method === 'reserves.takeSnapshot')).to.equal(true),
    );
    api.release();

    await waitFor(() => expect(screen.getAllByTestId('reserve-snapshot')).to.have.length(2));
    expect(screen.getByRole('status').textContent).to.equal('Snapshot #2 taken: USDT fall short.');
    expect(screen.getByTestId('shortfalls').textContent).to.contain('snapshot #2');
    expect(screen.getByRole('button', { name: 'Take a snapshot now' })).to.exist;
  });

  it('shows the busy refusal in the catalogue’s words', async () => {
    window.fetch = fakeApi({ list: [], busy: true }).fetch;
    renderPage();
    expect(await screen.findByText('No snapshot has been taken yet.')).to.exist;
    fireEvent.click(screen.getByRole('button', { name: 'Take a snapshot now' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(BUSY);
  });

  it('tells a non-staff account that the page is for staff only, and asks the server nothing', () => {
    Object.assign(user, { statusId: 0 });
    const api = fakeApi({ list: [snapshot(1)] });
    window.fetch = api.fetch;
    renderPage();
    expect(screen.getByRole('heading', { name: 'Staff only' })).to.exist;
    expect(api.sent).to.deep.equal([]);
  });
});
