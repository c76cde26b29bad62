import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { type ApiKeyInfo, initialUser, setUser, type User, user } from '../../../core/index.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { allowlistEntries, fieldOfParam } from './apiKeyForm.ts';

type Body = Record<string, unknown>;
type Answer = (body: Body) => Body;

const PROFILE: User = { ...initialUser, id: 1, email: 'ann@example.com', login: 'ann' };
const SECRET = 'sEcReT-shown-once_0123456789abcdefghijklmnopq';
const DAY_MS = 86_400_000;
const local = (ms: number) => new Date(ms).toLocaleString();

const apiKey = (fields: Partial<ApiKeyInfo>): ApiKeyInfo => ({
  id: 'ak_AAAAAAAAAAAAAAAAAAAAAAAA',
  label: 'bot',
  kind: 'hmac',
  scopes: ['read'],
  ipAllowlist: [],
  createdAt: Date.UTC(2026, 10, 20, 10),
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  ...fields,
});

/** The API as the section meets it: each method answered by `answers`, every request recorded. */
function answerApi(sent: Body[], answers: Record<string, Answer>) {
  return async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    const answer = answers[String(body.method)];
    const reply = answer ? answer(body) : { status: false, error_msg: 'Unexpected call.' };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
}

describe('the API keys section of the settings page', () => {
  const realFetch = window.fetch;
  let sent: Body[] = [];
  let keys: ApiKeyInfo[] = [];

  /** apiKeys.create as the server answers it: the key made from what was sent, and a secret. */
  const created = (body: Body): Body => ({
    status: true,
    key: apiKey({
      id: 'ak_NEWNEWNEWNEWNEWNEWNEWNE',
      label: String(body.label),
      kind: body.kind as ApiKeyInfo['kind'],
      scopes: body.scopes as ApiKeyInfo['scopes'],
      ipAllowlist: (body.ipAllowlist as string[] | undefined) ?? [],
      createdAt: Date.now(),
    }),
    ...(body.kind === 'hmac' ? { secret: SECRET } : {}),
  });

  function serve(answers: Record<string, Answer> = {}) {
    window.fetch = answerApi(sent, {
      'apiKeys.getItems': () => ({ status: true, items: keys }),
      'apiKeys.create': created,
      ...answers,
    }) as typeof window.fetch;
  }

  const calls = (method: string) =>
    sent
      .filter((body) => body.method === method)
      .map(({ method: _m, token: _t, subId: _s, ...params }) => params);

  /** The section, once its keys are read. */
  async function section() {
    render(<ApiKeysSection />);
    const region = await screen.findByRole('region', { name: 'API keys' });
    await waitFor(() => expect(within(region).queryByText('Loading your API keys')).to.equal(null));
    return region;
  }

  const fill = (region: HTMLElement, label: string | RegExp, value: string) =>
    fireEvent.change(within(region).getByLabelText(label), { target: { value } });

  const createButton = (region: HTMLElement) =>
    within(region).getByRole('button', { name: 'Create API key' });

  beforeEach(() => {
    sent = [];
    keys = [];
    setUser({ ...PROFILE });
    serve();
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('reads the allowlist as typed and finds the field a refusal names', () => {
    expect(allowlistEntries(' 203.0.113.7,\n198.51.100.0/24  2001:db8::1 ,, ')).to.deep.equal([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::1',
    ]);
    expect(allowlistEntries(' \n ')).to.deep.equal([]);
    expect(fieldOfParam('ipAllowlist.2')).to.equal('ipAllowlist');
    expect(fieldOfParam('twoFactorCode')).to.equal('twoFactorCode');
    expect(fieldOfParam('token')).to.equal(null);
    expect(fieldOfParam(undefined)).to.equal(null);
  });

  it('says what keys are for while there are none', async () => {
    const region = await section();
    expect(region.textContent).to.contain('No API keys yet.');
    expect(region.textContent).to.contain('under “Trading programs”');
    expect(within(region).queryByRole('list', { name: 'API keys' })).to.equal(null);
  });

  it('lists each key with its kind, scopes, allowlist, dates and last use', async () => {
    const used = Date.UTC(2026, 10, 22, 8, 30);
    const expires = Date.now() + 30 * DAY_MS;
    keys = [
      apiKey({
        id: 'ak_BBBBBBBBBBBBBBBBBBBBBBBB',
        label: 'Withdrawer',
        kind: 'ed25519',
        scopes: ['read', 'trade', 'withdraw'],
        ipAllowlist: ['203.0.113.7', '198.51.100.0/24'],
        expiresAt: expires,
        lastUsedAt: used,
        lastUsedIp: '203.0.113.7',
      }),
      apiKey({ label: 'Reader', expiresAt: Date.UTC(2026, 0, 1) }),
    ];
    const region = await section();
    const [first, second] = within(region).getAllByTestId('api-key');
    const text = (item: HTMLElement | undefined) => item?.textContent ?? '';
    expect(text(first)).to.contain('Withdrawer').and.contain('Ed25519');
    expect(text(first)).to.contain('ak_BBBBBBBBBBBBBBBBBBBBBBBB');
    expect(text(first)).to.contain('Read, Trade, Withdraw');
    expect(text(first)).to.contain('203.0.113.7, 198.51.100.0/24');
    expect(text(first)).to.contain(`Expires${local(expires)}`);
    expect(within(first as HTMLElement).getByTestId('api-key-last-use').textContent).to.equal(
      `${local(used)} from 203.0.113.7`,
    );
    expect(text(second)).to.contain('Reader').and.contain('HMAC-SHA256');
    expect(text(second)).to.contain('Any address');
    expect(text(second)).to.contain(`Created${local(Date.UTC(2026, 10, 20, 10))}`);
    expect(text(second)).to.contain(`Expired ${local(Date.UTC(2026, 0, 1))}`);
    expect(within(second as HTMLElement).getByTestId('api-key-last-use').textContent).to.equal(
      'Never used',
    );
  });

  it('creates an HMAC key and shows its secret once; Done takes the secret off the page', async () => {
    const region = await section();
    fill(region, 'Label', '  Trading bot  ');
    fireEvent.click(within(region).getByLabelText('Trade'));
    fill(region, 'Your password', 'correct horse battery');
    fireEvent.click(createButton(region));

    const panel = await within(region).findByRole('region', {
      name: 'API key “Trading bot” created',
    });
    expect(calls('apiKeys.create')).to.deep.equal([
      {
        label: 'Trading bot',
        kind: 'hmac',
        scopes: ['read', 'trade'],
        password: 'correct horse battery',
      },
    ]);
    // Compared as a boolean: chai's message for two unequal elements walks React's internals.
    await waitFor(() =>
      expect(document.activeElement === panel, 'the panel takes the focus to be read').to.equal(
        true,
      ),
    );
    expect(panel.getAttribute('aria-describedby')).to.be.a('string');
    const warning = document.getElementById(panel.getAttribute('aria-describedby') ?? '');
    expect(warning?.textContent).to.contain('it will not be shown again');
    expect(within(panel).getByTestId('api-key-secret').textContent).to.equal(SECRET);
    expect(panel.textContent).to.contain('ak_NEWNEWNEWNEWNEWNEWNEWNE');
    expect(within(panel).getByRole('button', { name: 'Copy secret' })).to.exist;
    expect(within(panel).getByRole('button', { name: 'Copy key id' })).to.exist;
    // The key is listed, and no form offers a second one while the secret is on screen.
    expect(within(region).getAllByTestId('api-key')[0]?.textContent).to.contain('Trading bot');
    expect(within(region).queryByRole('button', { name: 'Create API key' })).to.equal(null);

    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(region.textContent).not.to.contain(SECRET);
    expect(document.body.textContent).not.to.contain(SECRET);
    expect(document.activeElement?.textContent).to.equal('API keys');
    // A fresh form: the password is not kept.
    expect((within(region).getByLabelText('Your password') as HTMLInputElement).value).to.equal('');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.to.contain(SECRET);
  });

  it('sends an Ed25519 key’s public key, and asks for one before sending', async () => {
    const pem =
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';
    const region = await section();
    expect(within(region).queryByLabelText('Public key')).to.equal(null);
    fireEvent.click(within(region).getByLabelText('Ed25519'));
    const publicKey = within(region).getByLabelText('Public key');
    fill(region, 'Label', 'ed bot');
    fill(region, 'Your password', 'correct horse battery');
    fireEvent.click(createButton(region));
    await waitFor(() => expect(document.activeElement === publicKey).to.equal(true));
    expect(publicKey.getAttribute('aria-invalid')).to.equal('true');
    expect(within(region).getByText(/An Ed25519 key needs its public key/)).to.exist;
    expect(calls('apiKeys.create')).to.have.length(0);

    fill(region, 'Public key', `${pem}\n`);
    fireEvent.click(createButton(region));
    const panel = await within(region).findByRole('region', { name: 'API key “ed bot” created' });
    expect(calls('apiKeys.create')[0]).to.deep.equal({
      label: 'ed bot',
      kind: 'ed25519',
      scopes: ['read'],
      publicKey: pem,
      password: 'correct horse battery',
    });
    expect(panel.textContent).to.contain('ak_NEWNEWNEWNEWNEWNEWNEWNE');
    expect(within(panel).queryByTestId('api-key-secret')).to.equal(null);
    expect(within(panel).queryByRole('button', { name: 'Copy secret' })).to.equal(null);
  });

  it('offers withdraw only with an IP allowlist, and sends the allowlist and the expiry', async () => {
    const region = await section();
    const withdraw = within(region).getByLabelText('Withdraw') as HTMLInputElement;
    expect(withdraw.disabled).to.equal(true);
    const hint = document.getElementById(withdraw.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).to.contain('Add an IP allowlist below to allow this.');

    fill(region, 'IP allowlist (optional)', '203.0.113.7,\n198.51.100.0/24');
    expect(withdraw.disabled).to.equal(false);
    fireEvent.click(withdraw);
    expect(withdraw.checked).to.equal(true);
    // Emptying the allowlist takes withdraw away again.
    fill(region, 'IP allowlist (optional)', ' ');
    expect(withdraw.checked).to.equal(false);
    expect(withdraw.disabled).to.equal(true);

    fill(region, 'IP allowlist (optional)', '203.0.113.7,\n198.51.100.0/24');
    fireEvent.click(withdraw);
    fill(region, 'Label', 'payouts');
    fill(region, 'Expires', '30');
    fill(region, 'Your password', 'correct horse battery');
    const before = Date.now();
    fireEvent.click(createButton(region));
    await within(region).findByRole('region', { name: 'API key “payouts” created' });
    const [sentParams] = calls('apiKeys.create');
    expect(sentParams).to.deep.include({
      scopes: ['read', 'withdraw'],
      ipAllowlist: ['203.0.113.7', '198.51.100.0/24'],
    });
    const expiresAt = Number(sentParams?.expiresAt);
    expect(expiresAt).to.be.within(before + 30 * DAY_MS, Date.now() + 30 * DAY_MS);
  });

  it('asks for the two-factor code only when two-factor is on', async () => {
    const region = await section();
    expect(within(region).queryByLabelText('Two-factor code')).to.equal(null);
    cleanup();

    setUser({ ...PROFILE, is2FA: true, two_factor: true });
    const withCode = await section();
    const code = within(withCode).getByLabelText('Two-factor code');
    fill(withCode, 'Label', 'bot');
    fill(withCode, 'Your password', 'correct horse battery');
    fireEvent.click(createButton(withCode));
    await waitFor(() => expect(document.activeElement === code).to.equal(true));
    expect(code.getAttribute('aria-invalid')).to.equal('true');
    expect(calls('apiKeys.create')).to.have.length(0);

    fill(withCode, 'Two-factor code', ' 123456 ');
    fireEvent.click(createButton(withCode));
    await within(withCode).findByRole('region', { name: 'API key “bot” created' });
    expect(calls('apiKeys.create')[0]).to.include({ twoFactorCode: '123456' });
  });

  it('shows a refusal at the field it names, and any other above the button', async () => {
    const refusals: Body[] = [
      {
        status: false,
        error_msg: 'Your password is not right.',
        error_code: 'apiKeys.wrongPassword',
        param: 'password',
      },
      {
        status: false,
        error_msg: '"10.0.0.300" is not an IPv4 or IPv6 address.',
        error_code: 'apiKeys.ipInvalid',
        param: 'ipAllowlist',
      },
      {
        status: false,
        error_msg: 'An account may hold 20 API keys. Revoke one you no longer use first.',
        error_code: 'apiKeys.tooMany',
      },
    ];
    serve({ 'apiKeys.create': () => refusals.shift() ?? { status: false, error_msg: 'Late.' } });
    const region = await section();
    fill(region, 'Label', 'bot');
    fill(region, 'IP allowlist (optional)', '10.0.0.300');
    fill(region, 'Your password', 'wrong password');
    fireEvent.click(createButton(region));

    const password = within(region).getByLabelText('Your password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).to.equal('true'));
    const described = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).to.equal('Your password is not right.');
    await waitFor(() => expect(document.activeElement === password).to.equal(true));
    expect(within(region).queryByRole('alert')).to.equal(null);

    fireEvent.click(createButton(region));
    const allowlist = within(region).getByLabelText('IP allowlist (optional)');
    await waitFor(() => expect(allowlist.getAttribute('aria-invalid')).to.equal('true'));
    expect(allowlist.getAttribute('aria-describedby')).to.contain('-ipAllowlist-error');
    expect(region.textContent).to.contain('"10.0.0.300" is not an IPv4 or IPv6 address.');
    expect(password.getAttribute('aria-invalid')).to.equal(null);

    fireEvent.click(createButton(region));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).to.equal(
      'An account may hold 20 API keys. Revoke one you no longer use first.',
    );
  });

  it('revokes a key after a confirmation naming it', async () => {
    keys = [apiKey({ id: 'ak_KEEPKEEPKEEPKEEPKEEPKEEP', label: 'Keeper' }), apiKey({})];
    serve({ 'apiKeys.revoke': () => ({ status: true }) });
    const region = await section();
    const revokeBot = within(region).getByRole('button', { name: 'Revoke bot' });

    fireEvent.click(revokeBot);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key “bot”?' });
    expect(dialog.textContent).to.contain('ak_AAAAAAAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(document.activeElement?.textContent).to.equal('Revoke key'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(calls('apiKeys.revoke')).to.have.length(0);
    expect(within(region).getAllByTestId('api-key')).to.have.length(2);

    fireEvent.click(revokeBot);
    const again = await screen.findByRole('dialog', { name: 'Revoke the key “bot”?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(region).getAllByTestId('api-key')).to.have.length(1));
    expect(calls('apiKeys.revoke')).to.deep.equal([{ id: 'ak_AAAAAAAAAAAAAAAAAAAAAAAA' }]);
    expect(within(region).getByTestId('api-key').textContent).to.contain('Keeper');
    const announced = within(region)
      .getAllByRole('status')
      .map((status) => status.textContent)
      .join(' ');
    expect(announced).to.contain('Revoked “bot”');
    expect(document.activeElement?.textContent).to.equal('API keys');
  });
});
