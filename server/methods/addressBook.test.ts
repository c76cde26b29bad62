import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { fails, fundedAccount, ok, testConfig, userBalance } from '../../test/serverTesting.ts';
import { totpCode } from '../accounts/totp.ts';
import { WRONG_CODE } from '../accounts/twoFactor.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { ADDRESS_WAIT_MS, LABEL_MAX } from '../wallet/addressBook/addressBook.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  let keys = 0;
  /** A withdrawal of 0.01 BTC to BTC_ADDRESS, under a fresh idempotency key. */
  const btc = () => ({
    asset: 'BTC' as const,
    network: 'BTC',
    address: BTC_ADDRESS,
    amount: '0.01',
    idempotencyKey: `address-book-${process.pid}-${++keys}`,
  });
  const refusedWithdrawal = (token: string) =>
    fails(app, { method: 'withdrawals.request', ...btc() }, { token });
  /** Lets the account's saved addresses' day of waiting pass. */
  const waitADay = (userId: number) =>
    db
      .updateTable('address_book')
      .set({ usable_from: new Date(Date.now() - 60_000) })
      .where('user_id', '=', userId)
      .execute();

  test('an address is saved checked, labelled and usable a day later; duplicates and bad input refused', async () => {
    const { token } = await fundedAccount(app, db, {});
    const before = Date.now();
    const { address } = await ok(
      app,
      'addressBook.add',
      { network: 'BTC', address: ` ${BTC_ADDRESS} `, label: '  Cold storage ' },
      { token },
    );
    assert.equal(address.address, BTC_ADDRESS);
    assert.equal(address.label, 'Cold storage');
    assert.equal(address.tag, null);
    const wait = Date.parse(address.usableFrom) - Date.parse(address.addedAt);
    assert.equal(wait, ADDRESS_WAIT_MS);
    assert.ok(Date.parse(address.addedAt) >= before - 1000);

    const tagged = await ok(
      app,
      'addressBook.add',
      { network: 'XRP', address: XRP_ADDRESS, tag: '12', label: 'Exchange' },
      { token },
    );
    assert.equal(tagged.address.tag, 12);
    // The same XRP address under another tag is another destination.
    await ok(
      app,
      'addressBook.add',
      { network: 'XRP', address: XRP_ADDRESS, tag: '13', label: 'Other' },
      { token },
    );

    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [
        { network: 'BTC', address: BTC_ADDRESS, label: 'Again' },
        errorText('addressBook.duplicate'),
      ],
      [
        { network: 'BTC', address: BTC_ADDRESS, label: '   ' },
        errorText('addressBook.label', { max: LABEL_MAX }),
      ],
      [{ network: 'BTC', address: BTC_ADDRESS.slice(0, -1), label: 'Typo' }, /a mistake/],
      [{ network: 'ETH', address: BTC_ADDRESS, label: 'Wrong network' }, /not an? Ethereum/],
      [{ network: 'DOGE2', address: BTC_ADDRESS, label: 'x' }, /network/i],
    ];
    for (const [params, expected] of refusals) {
      const message = await fails(app, { method: 'addressBook.add', ...params }, { token });
      if (typeof expected === 'string') assert.equal(message, expected);
      else assert.match(message, expected);
    }
    const book = await ok(app, 'addressBook.getMine', {}, { token });
    assert.deepEqual(
      book.addresses.map((saved) => saved.label),
      ['Other', 'Exchange', 'Cold storage'],
    );
    assert.equal(book.onlySaved, false);
  });

  test('withdrawing only to saved addresses: unsaved and waiting ones refused, saved ones sent', async () => {
    const { token, id } = await fundedAccount(app, db, { BTC: '1' });
    const book = await ok(app, 'addressBook.setOnlySaved', { onlySaved: true }, { token });
    assert.equal(book.onlySaved, true);

    assert.equal(await refusedWithdrawal(token), errorText('addressBook.notSaved'));
    await ok(
      app,
      'addressBook.add',
      { network: 'BTC', address: BTC_ADDRESS, label: 'Cold storage' },
      { token },
    );
    assert.match(
      await refusedWithdrawal(token),
      /^"Cold storage" was added to your address book less than 24 hours ago: withdrawals to it can start at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    assert.deepEqual(await userBalance(db, id, 'BTC'), { available: '1', held: '0' });

    await waitADay(id);
    await ok(app, 'withdrawals.request', btc(), { token });
    assert.deepEqual(await userBalance(db, id, 'BTC'), { available: '0.9898', held: '0.0102' });
  });

  test('turning the protection off pauses withdrawals for a day; removing an address works once', async () => {
    const { token, id } = await fundedAccount(app, db, { BTC: '1' });
    // Off while it was never on changes nothing.
    await ok(app, 'addressBook.setOnlySaved', { onlySaved: false }, { token });
    await ok(app, 'withdrawals.request', btc(), { token });

    await ok(app, 'addressBook.setOnlySaved', { onlySaved: true }, { token });
    await ok(app, 'addressBook.setOnlySaved', { onlySaved: false }, { token });
    assert.match(
      await refusedWithdrawal(token),
      /^Withdrawals pause for 24 hours after withdrawing only to saved addresses is turned off/,
    );

    const { address } = await ok(
      app,
      'addressBook.add',
      { network: 'BTC', address: BTC_ADDRESS, label: 'Spare' },
      { token },
    );
    const other = await fundedAccount(app, db, {});
    assert.equal(
      await fails(app, { method: 'addressBook.remove', id: address.id }, { token: other.token }),
      errorText('addressBook.notFound'),
    );
    const left = await ok(app, 'addressBook.remove', { id: address.id }, { token });
    assert.deepEqual(left.addresses, []);
    assert.equal(
      await fails(app, { method: 'addressBook.remove', id: address.id }, { token }),
      errorText('addressBook.notFound'),
    );
    assert.ok(id > 0);
  });

  test('with two-factor on, adding an address and changing the choice need the code', async () => {
    const { token } = await fundedAccount(app, db, {});
    const { key } = await ok(app, 'users.beginTwoFactor', {}, { token });
    const { recoveryCodes } = await ok(
      app,
      'users.enableTwoFactor',
      { code: totpCode(key, Date.now()) },
      { token },
    );
    const add = { network: 'BTC', address: BTC_ADDRESS, label: 'Cold storage' };
    assert.equal(
      await fails(app, { method: 'addressBook.add', ...add }, { token }),
      errorText('addressBook.codeRequired'),
    );
    assert.equal(
      await fails(app, { method: 'addressBook.add', ...add, code: '000000' }, { token }),
      WRONG_CODE,
    );
    assert.equal(
      await fails(app, { method: 'addressBook.setOnlySaved', onlySaved: true }, { token }),
      errorText('addressBook.codeRequired'),
    );
    const [first, second] = recoveryCodes;
    assert.ok(first && second);
    await ok(app, 'addressBook.add', { ...add, code: first }, { token });
    const book = await ok(
      app,
      'addressBook.setOnlySaved',
      { onlySaved: true, code: second },
      { token },
    );
    assert.equal(book.onlySaved, true);
    assert.equal(book.addresses.length, 1);
  });
}, PGLITE_ONLY);
