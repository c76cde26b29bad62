import { render, screen } from '@testing-library/react';
import { expect } from 'chai';
import type { Deposit } from '../../../core/index.ts';
import { DepositList, depositProgress } from './DepositList.tsx';

const deposit = (fields: Partial<Deposit>): Deposit => ({
  id: 1,
  asset: 'BTC',
  network: 'BTC',
  amount: '0.01',
  address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  tag: null,
  txHash: 'ab'.repeat(32),
  status: 'pending',
  confirmations: 1,
  required: 2,
  time: '2026-11-23T10:00:00.000Z',
  creditedAt: null,
  ...fields,
});

describe('DepositList', () => {
  it('counts confirmations while pending and says why a deposit was not credited', () => {
    expect(depositProgress(deposit({}))).to.equal('Confirming 1/2');
    expect(depositProgress(deposit({ confirmations: 5 }))).to.equal('Confirming 2/2');
    expect(depositProgress(deposit({ status: 'credited' }))).to.equal('Credited');
    expect(depositProgress(deposit({ status: 'belowMinimum' }))).to.contain('not credited');
  });

  it('says so when there are no deposits yet', () => {
    render(<DepositList deposits={[]} />);
    expect(screen.getByText('No deposits yet.')).to.exist;
  });
});
