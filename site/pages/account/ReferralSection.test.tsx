import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { type Notification, onNotify, type ReferralSummary } from '../../../core/index.ts';
import { ReferralSection, referralLink } from './ReferralSection.tsx';

const NOTHING_YET: ReferralSummary = {
  code: 'K7QX2MPA',
  referred: 0,
  share: '0.2',
  earnings: [],
  earningsUsd: '0',
};

const EARNING: ReferralSummary = {
  ...NOTHING_YET,
  referred: 3,
  earnings: [
    { ticker: 'BTC', amount: '0.0002', usd: '12' },
    { ticker: 'USDT', amount: '1234.5', usd: '1234.5' },
  ],
  earningsUsd: '1246.5',
};

describe('ReferralSection', () => {
  const realFetch = window.fetch;
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  let summary = NOTHING_YET;
  let asked = 0;
  let shown: Notification[] = [];
  let stop: () => void = () => {};

  beforeEach(() => {
    summary = NOTHING_YET;
    asked = 0;
    shown = [];
    stop = onNotify((notification) => shown.push(notification));
    window.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { method?: string };
      asked += 1;
      const reply =
        body.method === 'referral.getMine'
          ? { status: true, referral: summary }
          : { status: false, error_msg: 'Unexpected call.' };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof window.fetch;
  });
  afterEach(() => {
    cleanup();
    stop();
    window.fetch = realFetch;
    if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
  });

  it('shows the link, the share, no friends and nothing earned yet', async () => {
    render(<ReferralSection refreshKey="a" />);
    const link = (await screen.findByLabelText('Your referral link')) as HTMLInputElement;
    expect(link.value).to.equal(`${window.location.origin}/signup?ref=K7QX2MPA`);
    expect(link.readOnly).to.equal(true);
    const section = screen.getByRole('region', { name: 'Refer friends' });
    expect(section.textContent).to.contain('pays you 20 % of each trading fee');
    expect(screen.getByTestId('referral-count').textContent).to.equal('0');
    expect(screen.getByTestId('referral-earned').textContent).to.equal('$0.00');
    expect(screen.queryByRole('list', { name: 'Earnings by currency' })).to.equal(null);
  });

  it('copies the link with the keyboard and says it did', async () => {
    const written: string[] = [];
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      get: () => ({
        writeText: async (text: string) => {
          written.push(text);
        },
      }),
    });
    render(<ReferralSection refreshKey="a" />);
    const button = await screen.findByRole('button', { name: 'Copy link' });
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(written).to.deep.equal([referralLink('K7QX2MPA')]));
    expect(shown).to.deep.equal([
      { kind: 'toast', tone: 'success', text: 'Referral link successfully copied to clipboard' },
    ]);
  });

  it('reads the earnings again when the balances change', async () => {
    const { rerender } = render(<ReferralSection refreshKey="a" />);
    await screen.findByLabelText('Your referral link');
    const before = asked;
    summary = EARNING;
    rerender(<ReferralSection refreshKey="b" />);
    await waitFor(() => expect(screen.getByTestId('referral-count').textContent).to.equal('3'));
    expect(asked).to.equal(before + 1);
    expect(screen.getByTestId('referral-earned').textContent).to.equal('$1,246.50');
    const list = screen.getByRole('list', { name: 'Earnings by currency' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['0.0002 BTC ≈ $12.00', '1,234.5 USDT ≈ $1,234.50']);
  });

  it('says what went wrong and tries again on request', async () => {
    let fail = true;
    const serve = window.fetch;
    window.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      if (!fail) return serve(url, init);
      fail = false;
      return new Response(JSON.stringify({ status: false, error_msg: 'Please sign in.' }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof window.fetch;
    render(<ReferralSection refreshKey="a" />);
    expect((await screen.findByRole('alert')).textContent).to.contain('Please sign in.');
    screen.getByRole('button', { name: 'Try again' }).focus();
    await sendKeys({ press: 'Enter' });
    await screen.findByLabelText('Your referral link');
  });
});
