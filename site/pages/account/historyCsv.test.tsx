import { render, screen } from '@testing-library/react';
import { expect } from 'chai';
import type { HistoryEntry, Wallet } from '../../../core/index.ts';
import { Allocation, allocation } from './Allocation.tsx';
import { historyCsv } from './historyCsv.ts';

const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 7,
  ticker: 'BTC',
  kind: 'transfer',
  reason: 'Transfer from alice to bob',
  available: '-0.25',
  held: '0',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

const wallet = (ticker: Wallet['ticker'], balance: number): Wallet => ({
  id: 1,
  ticker,
  amount: '1',
  available: '1',
  held: '0',
  balance,
  chart: [],
});

describe('history CSV', () => {
  it('quotes what needs quoting and keeps amounts as numbers', () => {
    const csv = historyCsv([
      entry({ transfer: { direction: 'out', counterparty: 'bob', note: 'Rent, "May"' } }),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).to.equal(
      'id,time,kind,asset,available change,held change,counterparty,note,reason',
    );
    expect(row).to.equal(
      '7,2026-11-23T10:00:00.000Z,transfer,BTC,-0.25,0,bob,"Rent, ""May""",Transfer from alice to bob',
    );
  });

  it('never lets a note start a spreadsheet formula', () => {
    const csv = historyCsv([
      entry({ transfer: { direction: 'in', counterparty: '@eve', note: '=HYPERLINK("x")' } }),
    ]);
    expect(csv.split('\r\n')[1]).to.contain(`'@eve,"'=HYPERLINK(""x"")"`);
  });
});

describe('Allocation', () => {
  it('gives each holding its share, largest first, and gathers the crumbs as Other', () => {
    const parts = allocation([
      wallet('BTC', 750),
      wallet('ETH', 245),
      wallet('DOGE', 3),
      wallet('TRX', 2),
      wallet('USDT', 0),
    ]);
    expect(parts.map((part) => part.label)).to.deep.equal(['BTC', 'ETH', 'Other']);
    expect(parts[2]?.share).to.be.closeTo(0.005, 1e-9);
  });

  it('shows a legend a screen reader can read, and nothing for an empty account', () => {
    const { container, rerender } = render(
      <Allocation wallets={[wallet('BTC', 1), wallet('ETH', 3)]} />,
    );
    expect(screen.getByRole('region', { name: 'Allocation' }).textContent).to.contain('ETH 75.0%');
    rerender(<Allocation wallets={[wallet('BTC', 0)]} />);
    expect(container.textContent).to.equal('');
  });
});
