import { expect } from 'chai';
import type { Withdrawal } from '../../../core/index.ts';
import { cancellable, withdrawalProgress } from './WithdrawalList.tsx';
import { maxWithdrawal, totalWithFee, validateWithdrawal } from './withdrawForm.ts';

const terms = {
  asset: 'USDT',
  networkName: 'TRON (TRC-20)',
  available: '10',
  fee: '0.25',
  minWithdrawal: '1',
  tagName: null,
  needsCode: false,
};
const fields = { address: 'TXYZ', tag: '', withoutTag: false, amount: '9.75', code: '' };

const withdrawal = (fields: Partial<Withdrawal>): Withdrawal => ({
  id: 1,
  asset: 'USDT',
  network: 'TRX',
  address: 'TXYZ',
  tag: null,
  amount: '5',
  fee: '1',
  status: 'requested',
  txHash: null,
  confirmations: 0,
  required: 19,
  reason: null,
  time: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

describe('the withdrawal form', () => {
  it('puts the fee on top of the amount, exactly', () => {
    expect(totalWithFee('9.75', '0.25')).to.equal('10');
    expect(totalWithFee('0.1', '0.2')).to.equal('0.3');
    expect(maxWithdrawal('10', '0.25')).to.equal('9.75');
    expect(maxWithdrawal('0.1', '0.25')).to.equal('0');
  });

  it('allows what the balance covers with the fee, and says what is wrong otherwise', () => {
    expect(validateWithdrawal(fields, terms)).to.deep.equal({});
    expect(validateWithdrawal({ ...fields, amount: '9.76' }, terms).amount).to.equal(
      'With the 0.25 fee, you can send at most 9.75.',
    );
    expect(validateWithdrawal({ ...fields, amount: '0.5' }, terms).amount).to.equal(
      'The smallest USDT withdrawal on TRON (TRC-20) is 1 USDT.',
    );
    expect(validateWithdrawal({ ...fields, address: '' }, terms).address).to.equal(
      'Enter the TRON (TRC-20) address to send to.',
    );
    expect(
      validateWithdrawal({ ...fields, address: '' }, { ...terms, onlySaved: true }).address,
    ).to.equal('Choose one of your saved addresses that is usable now.');
  });

  it('asks for the tag where the network has one, unless the wallet needs none', () => {
    const xrp = { ...terms, tagName: 'Destination tag' };
    expect(validateWithdrawal(fields, xrp).tag).to.contain('destination tag');
    expect(validateWithdrawal({ ...fields, withoutTag: true }, xrp)).to.deep.equal({});
    const tagFormat = 'A destination tag is a whole number from 0 to 4294967295.';
    expect(validateWithdrawal({ ...fields, tag: '12a' }, xrp).tag).to.equal(tagFormat);
    expect(validateWithdrawal({ ...fields, tag: '4294967296' }, xrp).tag).to.equal(tagFormat);
    expect(validateWithdrawal({ ...fields, tag: '4294967295' }, xrp)).to.deep.equal({});
  });

  it('asks for the two-factor code when two-factor is on', () => {
    expect(validateWithdrawal(fields, { ...terms, needsCode: true })).to.have.property('code');
    expect(
      validateWithdrawal({ ...fields, code: '123456' }, { ...terms, needsCode: true }),
    ).to.deep.equal({});
  });
});

describe('the withdrawals list', () => {
  it('counts confirmations once sent, gives the reason of a refusal, and cancels only before sending', () => {
    expect(withdrawalProgress(withdrawal({ status: 'sent', confirmations: 3 }))).to.equal(
      'Sent, 3/19 confirmations',
    );
    expect(
      withdrawalProgress(withdrawal({ status: 'rejected', reason: 'Unusual address' })),
    ).to.equal('Rejected: Unusual address');
    expect(cancellable(withdrawal({ status: 'awaitingReview' }))).to.equal(true);
    expect(cancellable(withdrawal({ status: 'sent' }))).to.equal(false);
  });
});
