import { cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReserveAddressEntry, ReserveSnapshot } from '../../../core/index.ts';
import ProofOfReservesPage from './ProofOfReservesPage.tsx';

type Body = Record<string, unknown>;

const ROOT = '3f1c'.repeat(16);

const latest: ReserveSnapshot = {
  id: 12,
  takenAt: '2026-11-24T00:00:00.000Z',
  rootHash: ROOT,
  leafCount: 131072,
  assets: [
    { ticker: 'BTC', liabilities: '1234.5', reserves: '1260.000000000000000001', ratio: '1.0206' },
    { ticker: 'ETH', liabilities: '10', reserves: '9.5', ratio: '0.95' },
    { ticker: 'SOL', liabilities: '0', reserves: '3', ratio: null },
  ],
};

const earlier: ReserveSnapshot = {
  ...latest,
  id: 11,
  takenAt: '2026-11-23T00:00:00.000Z',
  rootHash: 'ab'.repeat(32),
  assets: [{ ticker: 'BTC', liabilities: '1', reserves: '1', ratio: '1' }],
};

const address: ReserveAddressEntry = {
  network: 'BTC',
  address: 'bc1qexchange0',
  balances: { BTC: '1260.000000000000000001' },
  source: 'devnet',
  scheme: 'bip137',
  message: `This address, bc1qexchange0, belongs to the exchange and is counted in its proof of reserves with liabilities root ${ROOT}.`,
  signature: 'H+signature==',
};

/** The API as the page meets it; `refuse` answers the named method with a refusal. */
function fakeApi(state: {
  latest: ReserveSnapshot | null;
  addresses?: ReserveAddressEntry[];
  history?: ReserveSnapshot[];
  refuse?: string;
}) {
  const sent: Body[] = [];
  const answers: Record<string, () => Body> = {
    'reserves.getLatest': () => ({ status: true, snapshot: state.latest }),
    'reserves.getAddresses': () => ({
      status: true,
      snapshotId: state.latest?.id ?? null,
      addresses: state.addresses ?? [],
    }),
    'reserves.getHistory': () => ({ status: true, snapshots: state.history ?? [] }),
  };
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    const method = String(body.method);
    const reply =
      state.refuse === method
        ? { status: false, error_msg: 'Server error' }
        : (answers[method]?.() ?? { status: false, error_msg: `Unexpected ${method}` });
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch: fetch as typeof window.fetch };
}

function renderPage() {
  render(
    <Router hook={memoryLocation({ path: '/proof-of-reserves' }).hook}>
      <ProofOfReservesPage />
    </Router>,
  );
}

describe('ProofOfReservesPage', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
  });

  it('shows the latest snapshot: time, root, and per asset liabilities, reserves and ratio', async () => {
    const api = fakeApi({ latest, addresses: [address], history: [latest, earlier] });
    window.fetch = api.fetch;
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Proof of reserves' })).to.exist;
    expect(await screen.findByRole('heading', { name: 'Latest snapshot (#12)' })).to.exist;
    const taken = screen.getByTestId('reserves-taken-at');
    expect(taken.getAttribute('dateTime')).to.equal(latest.takenAt);
    expect(taken.textContent).to.equal(new Date(latest.takenAt).toLocaleString());
    expect(screen.getByTestId('reserves-root').textContent).to.equal(ROOT);
    expect(screen.getByRole('button', { name: 'Copy root hash' })).to.exist;
    expect(screen.getByText(/131,072 leaves/)).to.exist;

    const table = screen.getByRole('table', { name: 'Liabilities and reserves per asset' });
    const rows = within(table)
      .getAllByTestId('reserve-asset')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).to.deep.equal([
      ['BTC', '1,234.5', '1,260.000000000000000001', '102.06 %'],
      ['ETH', '10', '9.5', '95 %Short'],
      ['SOL', '0', '3', 'Nothing owed'],
    ]);
    // The shortfall is said in words, not only by a colour.
    expect(within(table).getAllByText('Short')).to.have.length(1);
    // The addresses are the shown snapshot's.
    expect(api.sent.find((b) => b.method === 'reserves.getAddresses')).to.include({
      snapshotId: 12,
    });
  });

  it('lists the addresses with their signatures, the history and how to verify', async () => {
    window.fetch = fakeApi({ latest, addresses: [address], history: [latest, earlier] }).fetch;
    renderPage();

    const network = await screen.findByRole('region', { name: 'BTC addresses' });
    expect(within(network).getByText(/Bitcoin “Signed Message” \(BIP 137\)/)).to.exist;
    const entry = within(network).getByTestId('reserve-address');
    expect(entry.textContent).to.contain('1,260.000000000000000001 BTC');
    expect(entry.textContent).to.contain('(read on devnet)');
    expect(within(entry).getByText(address.message)).to.exist;
    expect(within(entry).getByText(address.signature)).to.exist;
    expect(within(entry).getByRole('button', { name: 'Copy signature of bc1qexchange0' })).to.exist;
    expect(within(entry).getByRole('button', { name: 'Copy address of bc1qexchange0' })).to.exist;

    const history = screen.getByRole('table', { name: 'Snapshots, newest first' });
    const snapshots = within(history).getAllByTestId('reserve-snapshot');
    expect(snapshots.map((row) => row.querySelector('th')?.textContent)).to.deep.equal([
      '#12',
      '#11',
    ]);
    expect(snapshots[1]?.textContent).to.contain('ab'.repeat(32));
    expect(snapshots[1]?.textContent).to.contain('BTC 100 %');

    const how = screen.getByRole('heading', { name: 'How to verify' }).closest('section');
    expect(how?.textContent).to.contain('The root.');
    expect(how?.textContent).to.contain('Your proof.');
    expect(
      within(how as HTMLElement).getByText(
        `node clients/verify-proof.mjs proof-of-reserves-snapshot-12.json ${ROOT}`,
      ),
    ).to.exist;
  });

  it('says so before the first snapshot, and still tells how to verify', async () => {
    const api = fakeApi({ latest: null });
    window.fetch = api.fetch;
    renderPage();
    expect((await screen.findByTestId('reserves-empty')).textContent).to.contain(
      'No snapshot of reserves has been taken yet.',
    );
    expect(screen.getByRole('heading', { name: 'How to verify' })).to.exist;
    expect(screen.queryByRole('table')).to.equal(null);
    expect(api.sent.map((b) => b.method)).to.deep.equal(['reserves.getLatest']);
  });

  it('shows a failed read with a way to try again', async () => {
    const state: Parameters<typeof fakeApi>[0] = { latest, refuse: 'reserves.getHistory' };
    window.fetch = fakeApi(state).fetch;
    renderPage();
    expect(screen.getByText('Loading the proof of reserves')).to.exist;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Could not load the proof of reserves: Server error');
    delete state.refuse;
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Latest snapshot (#12)' })).to.exist;
    expect(screen.queryByRole('alert')).to.equal(null);
  });
});
