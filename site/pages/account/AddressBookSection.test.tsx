import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import {
  type AddressBook,
  type AssetNetworks,
  initialUser,
  type SavedAddress,
  setUser,
  type User,
  user,
} from '../../../core/index.ts';
import { bookNetworks, validateSavedAddress } from './addressBook.ts';
import WithdrawPage from './WithdrawPage.tsx';

type Body = Record<string, unknown>;
type Answer = (body: Body) => Body | Promise<Body>;

const PROFILE: User = { ...initialUser, id: 1, email: 'ann@example.com', login: 'ann' };

const network = (id: string, name: string, tagName: string | null = null) => ({
  network: id,
  name,
  tagName,
  confirmations: 1,
  decimals: 6,
  depositOpen: true,
  withdrawOpen: true,
  minDeposit: '0.0001',
  withdrawalFee: '0.25',
  minWithdrawal: '1',
});

const ASSETS: AssetNetworks[] = [
  {
    asset: 'USDT',
    networks: [network('TRX', 'TRON (TRC-20)'), network('ETH', 'Ethereum (ERC-20)')],
  },
  { asset: 'XRP', networks: [network('XRP', 'XRP Ledger', 'Destination tag')] },
  { asset: 'ETH', networks: [network('ETH', 'Ethereum (ERC-20)')] },
];

const wallet = (ticker: string, available: string) => ({
  id: 1,
  ticker,
  amount: available,
  available,
  held: '0',
  balance: 0,
  chart: [],
});

const PAST = '2026-01-01T00:00:00.000Z';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const local = (iso: string) => new Date(iso).toLocaleString();

const saved = (fields: Partial<SavedAddress>): SavedAddress => ({
  id: 1,
  network: 'TRX',
  address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  tag: null,
  label: 'Cold wallet',
  addedAt: PAST,
  usableFrom: PAST,
  ...fields,
});

/** The API as the page meets it: each method answered by `answers`, every request recorded. */
function answerApi(sent: Body[], answers: Record<string, Answer>) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    const answer = answers[String(body.method)];
    const reply = answer ? await answer(body) : { status: false, error_msg: 'Unexpected call.' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

describe('the address book on the withdrawal page', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];
  let book: AddressBook = { addresses: [], onlySaved: false };

  function serve(answers: Record<string, Answer> = {}) {
    window.fetch = answerApi(sent, {
      'wallet.getNetworks': () => ({ status: true, assets: ASSETS }),
      'currencies.getItems': () => ({
        status: true,
        items: [],
        wallets: [wallet('USDT', '100'), wallet('XRP', '50')],
      }),
      'withdrawals.getMine': () => ({ status: true, withdrawals: [] }),
      'addressBook.getMine': () => ({ status: true, ...book }),
      ...answers,
    }) as typeof window.fetch;
  }

  const calls = (method: string) =>
    sent
      .filter((body) => body.method === method)
      .map(({ method: _m, token: _t, subId: _s, ...params }) => params);

  /** The address-book section, once the page and the book are read. */
  async function section() {
    const region = await screen.findByRole('region', { name: 'Address book' });
    await within(region).findByRole('switch', { name: 'Withdraw only to saved addresses' });
    return region;
  }

  /** The withdrawal form (the page's first form). */
  async function withdrawForm() {
    await screen.findByRole('button', { name: 'Review withdrawal' });
    return document.querySelector('form') as HTMLFormElement;
  }

  beforeEach(() => {
    sent = [];
    book = { addresses: [], onlySaved: false };
    setUser({ ...PROFILE });
    serve();
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('checks only what is cheap before saving, and offers each network once', () => {
    const fields = { label: 'Ledger', address: 'rXYZ', tag: '', code: '' };
    const xrp = { networkName: 'XRP Ledger', tagName: 'Destination tag', needsCode: false };
    expect(validateSavedAddress(fields, xrp)).to.deep.equal({});
    expect(validateSavedAddress({ ...fields, label: ' ' }, xrp)).to.have.property('label');
    expect(validateSavedAddress({ ...fields, label: 'x'.repeat(41) }, xrp).label).to.equal(
      'Give the address a label of 1 to 40 characters, such as "My hardware wallet".',
    );
    expect(validateSavedAddress({ ...fields, address: '' }, xrp).address).to.equal(
      'Enter the XRP Ledger address to send to.',
    );
    expect(validateSavedAddress({ ...fields, tag: '12a' }, xrp)).to.have.property('tag');
    expect(validateSavedAddress(fields, { ...xrp, needsCode: true })).to.have.property('code');
    expect(bookNetworks(ASSETS).map((n) => n.network)).to.deep.equal(['TRX', 'ETH', 'XRP']);
  });

  it('lists the saved addresses, the new one with the time it becomes usable', async () => {
    const waiting = inHours(20);
    book = {
      onlySaved: false,
      addresses: [
        saved({
          id: 2,
          label: 'Exchange',
          network: 'XRP',
          address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          tag: 77,
          usableFrom: waiting,
        }),
        saved({ id: 1 }),
      ],
    };
    render(<WithdrawPage />);
    const region = await section();
    const rows = within(region).getAllByTestId('saved-address-row');
    expect(rows).to.have.length(2);
    expect(rows[0]?.textContent).to.contain('Exchange').and.contain('XRP Ledger').and.contain('77');
    expect(within(rows[0] as HTMLElement).getByTestId('saved-address-usable').textContent).to.equal(
      `Usable from ${local(waiting)}`,
    );
    expect(rows[1]?.textContent).to.contain('Cold wallet').and.contain('TRON (TRC-20)');
    expect(within(rows[1] as HTMLElement).getByTestId('saved-address-usable').textContent).to.equal(
      'Usable',
    );
    expect(
      within(region)
        .getByRole('switch', { name: 'Withdraw only to saved addresses' })
        .getAttribute('aria-checked'),
    ).to.equal('false');
  });

  it('says when the book is empty, and shows a refusal to read it with a way to try again', async () => {
    let refuse = true;
    serve({
      'addressBook.getMine': () =>
        refuse ? { status: false, error_msg: 'Service unavailable.' } : { status: true, ...book },
    });
    render(<WithdrawPage />);
    const region = await screen.findByRole('region', { name: 'Address book' });
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).to.contain('Service unavailable.');
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('No saved addresses yet.')).to.exist;
  });

  it('saves an address with its tag and the two-factor code when two-factor is on', async () => {
    setUser({ ...PROFILE, is2FA: true, two_factor: true });
    const usableFrom = inHours(24);
    serve({
      'addressBook.add': (body) => ({
        status: true,
        address: saved({
          id: 9,
          network: String(body.network),
          address: String(body.address),
          tag: Number(body.tag),
          label: String(body.label),
          usableFrom,
        }),
      }),
    });
    render(<WithdrawPage />);
    const region = await section();
    const save = within(region).getByRole('button', { name: 'Save address' });

    // The cheap checks first: nothing is sent while the name is too long or the address empty.
    const name = within(region).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'A'.repeat(41) } });
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).to.equal(name));
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(
      within(region).getByText(
        'Give the address a label of 1 to 40 characters, such as "My hardware wallet".',
      ),
    ).to.exist;
    expect(within(region).getByText('Enter the TRON (TRC-20) address to send to.')).to.exist;
    expect(calls('addressBook.add')).to.have.length(0);

    fireEvent.change(name, { target: { value: '  Bitstamp  ' } });
    fireEvent.change(within(region).getByLabelText('Network'), { target: { value: 'XRP' } });
    fireEvent.change(within(region).getByLabelText('Address'), {
      target: { value: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' },
    });
    fireEvent.change(within(region).getByLabelText(/^Destination tag/), {
      target: { value: '12345' },
    });
    fireEvent.change(within(region).getByLabelText('Two-factor code'), {
      target: { value: '123456' },
    });
    fireEvent.click(save);

    await waitFor(() => expect(calls('addressBook.add')).to.have.length(1));
    expect(calls('addressBook.add')[0]).to.deep.equal({
      network: 'XRP',
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      label: 'Bitstamp',
      tag: '12345',
      code: '123456',
    });
    await waitFor(() =>
      expect(within(region).getByText(/^Saved “Bitstamp”/).textContent).to.equal(
        `Saved “Bitstamp”: usable from ${local(usableFrom)}.`,
      ),
    );
    const row = within(region).getByTestId('saved-address-row');
    expect(row.textContent)
      .to.contain('Bitstamp')
      .and.contain(`Usable from ${local(usableFrom)}`);
    expect((within(region).getByLabelText('Name') as HTMLInputElement).value).to.equal('');
  });

  it('sends no code when two-factor is off, and shows the server’s refusal as it is', async () => {
    serve({
      'addressBook.add': () => ({
        status: false,
        error_msg: 'This is a TRON (TRC-20) address, not an Ethereum (ERC-20) one.',
      }),
    });
    render(<WithdrawPage />);
    const region = await section();
    expect(within(region).queryByLabelText('Two-factor code')).to.equal(null);
    // The form starts on the withdrawal form's network.
    expect((within(region).getByLabelText('Network') as HTMLSelectElement).value).to.equal('TRX');
    fireEvent.change(within(region).getByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.change(within(region).getByLabelText('Network'), { target: { value: 'ETH' } });
    fireEvent.change(within(region).getByLabelText('Address'), {
      target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Save address' }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).to.equal(
      'This is a TRON (TRC-20) address, not an Ethereum (ERC-20) one.',
    );
    expect(calls('addressBook.add')).to.deep.equal([
      { network: 'ETH', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', label: 'Mine' },
    ]);
    expect(within(region).getByText('No saved addresses yet.')).to.exist;
  });

  it('removes an address only once the removal is confirmed', async () => {
    book = {
      onlySaved: false,
      addresses: [saved({ id: 2, label: 'Old exchange' }), saved({ id: 1 })],
    };
    serve({
      'addressBook.remove': (body) => ({
        status: true,
        onlySaved: false,
        addresses: book.addresses.filter((a) => a.id !== body.id),
      }),
    });
    render(<WithdrawPage />);
    const region = await section();

    fireEvent.click(within(region).getByRole('button', { name: 'Remove Old exchange' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this saved address?' });
    expect(dialog.textContent).to.contain('Old exchange');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(calls('addressBook.remove')).to.have.length(0);

    fireEvent.click(within(region).getByRole('button', { name: 'Remove Old exchange' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this saved address?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove address' }));
    await waitFor(() =>
      expect(within(region).getAllByTestId('saved-address-row')).to.have.length(1),
    );
    expect(calls('addressBook.remove')).to.deep.equal([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    // Its Remove button is gone: the focus is back at the top of the section.
    expect(document.activeElement?.textContent).to.equal('Address book');
    expect(within(region).getByText('Removed “Old exchange”.').getAttribute('role')).to.equal(
      'status',
    );
    expect(within(region).queryByText('Old exchange')).to.equal(null);
  });

  it('turns "only saved addresses" off after warning of the 24-hour pause, with the code', async () => {
    setUser({ ...PROFILE, is2FA: true, two_factor: true });
    book = { onlySaved: true, addresses: [saved({})] };
    serve({
      'addressBook.setOnlySaved': (body) =>
        body.code === '123456'
          ? { status: true, addresses: book.addresses, onlySaved: body.onlySaved }
          : { status: false, error_msg: 'That code is not right.' },
    });
    render(<WithdrawPage />);
    const region = await section();
    const toggle = within(region).getByRole('switch', { name: 'Withdraw only to saved addresses' });
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    expect(toggle.getAttribute('aria-describedby')).to.be.a('string');

    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', {
      name: 'Allow withdrawals to any address again?',
    });
    expect(dialog.textContent).to.contain('Withdrawals pause for 24 hours');
    expect(calls('addressBook.setOnlySaved')).to.have.length(0);
    const confirm = within(dialog).getByRole('button', { name: 'Turn off and pause withdrawals' });

    fireEvent.click(confirm);
    expect(within(dialog).getByLabelText('Two-factor code').getAttribute('aria-invalid')).to.equal(
      'true',
    );
    expect(calls('addressBook.setOnlySaved')).to.have.length(0);

    fireEvent.change(within(dialog).getByLabelText('Two-factor code'), {
      target: { value: '000000' },
    });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).to.equal(
      'That code is not right.',
    );
    expect(toggle.getAttribute('aria-checked')).to.equal('true');

    fireEvent.change(within(dialog).getByLabelText('Two-factor code'), {
      target: { value: '123456' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).to.equal('false'));
    expect(calls('addressBook.setOnlySaved').at(-1)).to.deep.equal({
      onlySaved: false,
      code: '123456',
    });
    expect(within(region).getByText('Withdrawals may go to any address after a 24-hour pause.')).to
      .exist;
  });

  it('turns "only saved addresses" on without a code when two-factor is off', async () => {
    serve({
      'addressBook.setOnlySaved': (body) => ({
        status: true,
        addresses: [],
        onlySaved: body.onlySaved,
      }),
    });
    render(<WithdrawPage />);
    const region = await section();
    fireEvent.click(
      within(region).getByRole('switch', { name: 'Withdraw only to saved addresses' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw only to saved addresses?' });
    expect(within(dialog).queryByLabelText('Two-factor code')).to.equal(null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(calls('addressBook.setOnlySaved')).to.deep.equal([{ onlySaved: true }]),
    );
    expect(await within(region).findByText('Withdrawals now go only to your saved addresses.')).to
      .exist;
    // The withdrawal form follows at once: no address can be typed any more.
    const form = await withdrawForm();
    expect(within(form).queryByLabelText('Address')).to.equal(null);
    expect(within(form).getByText('Withdrawals go only to your saved addresses.')).to.exist;
  });

  it('fills the address and the tag from the saved-address select', async () => {
    book = {
      onlySaved: false,
      addresses: [
        saved({
          id: 3,
          network: 'XRP',
          address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          tag: 4242,
          label: 'Bitstamp',
        }),
        saved({ id: 1 }),
      ],
    };
    render(<WithdrawPage />);
    const form = await withdrawForm();
    await section();
    // USDT on TRON first: only the TRON address is offered.
    const select = within(form).getByLabelText('Saved address') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).to.deep.equal(['', '1']);

    fireEvent.change(within(form).getByLabelText('Asset'), { target: { value: 'XRP' } });
    const xrpSelect = within(form).getByLabelText('Saved address') as HTMLSelectElement;
    fireEvent.change(xrpSelect, { target: { value: '3' } });
    expect((within(form).getByLabelText('Address') as HTMLInputElement).value).to.equal(
      'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    );
    expect((within(form).getByLabelText('Destination tag') as HTMLInputElement).value).to.equal(
      '4242',
    );
    expect(xrpSelect.value).to.equal('3');

    // Typing over it leaves the select on "none".
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: 'rOther' } });
    expect(xrpSelect.value).to.equal('');
  });

  it('sends only to a usable saved address when only saved addresses are allowed', async () => {
    const waiting = inHours(23);
    book = {
      onlySaved: true,
      addresses: [
        saved({
          id: 5,
          label: 'New one',
          address: 'TNewAddress000000000000000000000',
          usableFrom: waiting,
        }),
        saved({ id: 1 }),
      ],
    };
    serve({
      'withdrawals.request': () => ({ status: false, error_msg: 'Withdrawals are paused.' }),
    });
    render(<WithdrawPage />);
    const form = await withdrawForm();
    await section();
    expect(within(form).queryByLabelText('Address')).to.equal(null);
    const select = within(form).getByLabelText('Saved address') as HTMLSelectElement;
    const waitingOption = [...select.options].find((o) => o.value === '5');
    expect(waitingOption?.disabled).to.equal(true);
    expect(waitingOption?.textContent).to.contain(`usable from ${local(waiting)}`);

    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(within(form).getByText('Choose one of your saved addresses that is usable now.')).to
      .exist;

    fireEvent.change(select, { target: { value: '1' } });
    expect(within(form).getByTestId('saved-address-chosen').textContent).to.equal(
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText(/Cold wallet: TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7/)).to.exist;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(calls('withdrawals.request')).to.have.length(1));
    expect(calls('withdrawals.request')[0]).to.include({
      asset: 'USDT',
      network: 'TRX',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '5',
    });
    expect((await screen.findByRole('alert')).textContent).to.equal('Withdrawals are paused.');
  });

  it('still asks to confirm the wallet needs no tag when a saved address has none', async () => {
    book = {
      onlySaved: true,
      addresses: [saved({ id: 4, network: 'XRP', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' })],
    };
    serve({ 'withdrawals.request': () => ({ status: false, error_msg: 'Not now.' }) });
    render(<WithdrawPage />);
    const form = await withdrawForm();
    await section();
    fireEvent.change(within(form).getByLabelText('Asset'), { target: { value: 'XRP' } });
    fireEvent.change(within(form).getByLabelText('Saved address'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
    const none = within(form).getByLabelText('The receiving wallet needs no destination tag');
    expect(none.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).to.equal(null);

    fireEvent.click(none);
    fireEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(calls('withdrawals.request')).to.have.length(1));
    expect(calls('withdrawals.request')[0]).to.include({
      asset: 'XRP',
      network: 'XRP',
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      withoutTag: true,
    });
  });

  it('takes the person from the form to the add form when only saved addresses are allowed', async () => {
    book = { onlySaved: true, addresses: [] };
    render(<WithdrawPage />);
    const form = await withdrawForm();
    const region = await section();
    expect(within(form).getByText('No address is saved for this network yet.')).to.exist;
    fireEvent.click(within(form).getByRole('button', { name: 'Add an address' }));
    expect(document.activeElement).to.equal(within(region).getByLabelText('Name'));
  });
});
