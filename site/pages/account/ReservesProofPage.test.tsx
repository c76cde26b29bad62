import { bytesToHex } from '@noble/hashes/utils.js';
import { cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AccountProof, ProofFile, ReserveSnapshot } from '../../../core/index.ts';
import { leafHash, nodeHash, type SumNode } from '../../../core/reserves/verifyProof.ts';
import ReservesProofPage from './ReservesProofPage.tsx';

type Body = Record<string, unknown>;

const TICKERS = ['BTC', 'USDT'];
const TAKEN_AT = '2026-11-24T00:00:00.000Z';

/** A leaf of the test tree: an account (empty for padding), its nonce and units. */
function leaf(account: string, nonceByte: number, units: bigint[]): SumNode {
  const nonce = new Uint8Array(32).fill(nonceByte);
  return { hash: leafHash(TICKERS, account, nonce, units), sums: units };
}

function parent(left: SumNode, right: SumNode): SumNode {
  return { hash: nodeHash(left, right), sums: left.sums.map((v, i) => v + (right.sums[i] ?? 0n)) };
}

const text = (node: SumNode) => ({ hash: bytesToHex(node.hash), sums: node.sums.map(String) });

/**
 * Account 42's proof in a tree of four leaves (42 at index 2), as reserves.getMyProof answers it:
 * 1.5 BTC and 100.000000000000000001 USDT, in units of 10^-18.
 */
function accountProof(): AccountProof {
  const mine: bigint[] = [1_500_000_000_000_000_000n, 100_000_000_000_000_000_001n];
  const leaves = [
    leaf('7', 1, [1n, 2n]),
    leaf('', 2, [0n, 0n]),
    leaf('42', 3, mine),
    leaf('9', 4, [5n, 0n]),
  ] as const;
  const left = parent(leaves[0], leaves[1]);
  const root = parent(left, parent(leaves[2], leaves[3]));
  const proof: ProofFile = {
    format: 'exchange-proof-of-liabilities',
    version: 1,
    snapshot: {
      id: 12,
      takenAt: TAKEN_AT,
      leafCount: 4,
      assets: TICKERS.map((ticker) => ({ ticker, decimals: 18 })),
      root: text(root),
    },
    account: '42',
    leaf: {
      index: 2,
      nonce: '03'.repeat(32),
      balances: mine.map(String),
      hash: text(leaves[2]).hash,
    },
    path: [text(leaves[3]), text(left)],
  };
  return {
    balances: [
      { ticker: 'BTC', amount: '1.5' },
      { ticker: 'USDT', amount: '100.000000000000000001' },
    ],
    proof,
  };
}

const published = (id: number, rootHash: string): ReserveSnapshot => ({
  id,
  takenAt: TAKEN_AT,
  rootHash,
  leafCount: 4,
  assets: [],
});

/** The API as the page meets it: the proof (or its refusal) and the published history. */
function fakeApi(state: { mine: Body; history: ReserveSnapshot[] }) {
  const sent: Body[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    const reply =
      body.method === 'reserves.getMyProof'
        ? state.mine
        : body.method === 'reserves.getHistory'
          ? { status: true, snapshots: state.history }
          : { status: false, error_msg: `Unexpected ${String(body.method)}` };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch: fetch as typeof window.fetch };
}

function renderPage() {
  render(
    <Router hook={memoryLocation({ path: '/account/proof-of-reserves' }).hook}>
      <ReservesProofPage />
    </Router>,
  );
}

const checkState = (step: string) =>
  screen.getByTestId(`proof-check-${step}`).querySelector('.reserves-check-state')?.textContent;

describe('ReservesProofPage', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
  });

  it('shows the balances counted, verifies the proof against the published root, and offers the file', async () => {
    const mine = accountProof();
    const root = mine.proof.snapshot.root.hash;
    const api = fakeApi({ mine: { status: true, ...mine }, history: [published(12, root)] });
    window.fetch = api.fetch;
    renderPage();

    expect(screen.getByText('Loading and checking your proof')).to.exist;
    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.getAttribute('role')).to.equal('status');
    expect(verdict.textContent).to.contain(
      'Verified: your balances are counted in the root published for snapshot #12.',
    );
    for (const step of ['file', 'amounts', 'leaf', 'path', 'root']) {
      expect(checkState(step)).to.equal('Passed');
    }
    const rows = screen.getAllByTestId('counted-balance').map((row) => row.textContent);
    expect(rows).to.deep.equal(['BTC1.5', 'USDT100.000000000000000001']);
    // The published root is asked for by the proof's own snapshot.
    expect(api.sent.find((b) => b.method === 'reserves.getHistory')).to.include({
      before: 13,
      limit: 1,
    });

    const link = await screen.findByRole('link', { name: 'Download proof file' });
    expect(link.getAttribute('download')).to.equal('proof-of-reserves-snapshot-12.json');
    const file = await (await realFetch(link.getAttribute('href') ?? '')).json();
    expect(file).to.deep.equal(mine.proof);
    expect(
      screen.getByText(`node clients/verify-proof.mjs proof-of-reserves-snapshot-12.json ${root}`),
    ).to.exist;
    expect(screen.getByRole('link', { name: 'See the public page' }).getAttribute('href')).to.equal(
      '/proof-of-reserves',
    );
  });

  it('fails visibly on a tampered proof, naming the step and what was changed', async () => {
    const mine = accountProof();
    const root = mine.proof.snapshot.root.hash;
    // The exchange shows 1.5 BTC but counted less in the tree.
    mine.proof.leaf.balances[0] = '1000000000000000000';
    window.fetch = fakeApi({
      mine: { status: true, ...mine },
      history: [published(12, root)],
    }).fetch;
    renderPage();

    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.getAttribute('role')).to.equal('alert');
    expect(verdict.textContent).to.contain('Not verified:');
    expect(verdict.textContent).to.contain(
      'the leaf hash does not match account 42, its nonce and its balances',
    );
    expect(checkState('file')).to.equal('Passed');
    expect(checkState('amounts')).to.equal('Passed');
    expect(checkState('leaf')).to.equal('Failed');
    expect(checkState('path')).to.equal('Not reached');
    expect(checkState('root')).to.equal('Not reached');
    expect(screen.queryByText(/^Verified/)).to.equal(null);
  });

  it('fails at the root when the proof leads to a root other than the published one', async () => {
    const mine = accountProof();
    window.fetch = fakeApi({
      mine: { status: true, ...mine },
      history: [published(12, 'ab'.repeat(32))],
    }).fetch;
    renderPage();

    const verdict = await screen.findByTestId('proof-verdict');
    expect(verdict.textContent).to.contain('it belongs to another snapshot');
    expect(checkState('path')).to.equal('Passed');
    expect(checkState('root')).to.equal('Failed');
  });

  it('says why there is no proof, in the catalogue’s words, and offers a retry for other failures', async () => {
    const notCounted =
      'Your account was not in this snapshot (it was opened after it was taken). Your proof will be in the next one.';
    window.fetch = fakeApi({
      mine: { status: false, error_msg: notCounted, error_code: 'reserves.notCounted' },
      history: [],
    }).fetch;
    renderPage();
    expect((await screen.findByTestId('proof-none')).textContent).to.equal(notCounted);
    expect(screen.queryByRole('button', { name: 'Try again' })).to.equal(null);
    cleanup();

    const state: Parameters<typeof fakeApi>[0] = {
      mine: { status: false, error_msg: 'Server error' },
      history: [],
    };
    window.fetch = fakeApi(state).fetch;
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Could not load your proof: Server error');
    const mine = accountProof();
    state.mine = { status: true, ...mine };
    state.history = [published(12, mine.proof.snapshot.root.hash)];
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect((await screen.findByTestId('proof-verdict')).textContent).to.contain('Verified');
  });
});
