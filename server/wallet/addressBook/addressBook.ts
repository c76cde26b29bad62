/**
 * The withdrawal address book: an account saves destinations with a label, each usable a day
 * after it is added, and may choose to withdraw only to them. Adding an address or changing the
 * choice asks for the two-factor code when two-factor is on, and turning the choice off pauses
 * withdrawals for a day (requestWithdrawal.ts), so a stolen session can neither send to its own
 * address at once nor lift the protection to do so.
 */
import type { AddressBook, SavedAddress } from '../../../core/protocol/index.ts';
import { type TwoFactorContext, verifySecondFactor } from '../../accounts/twoFactor.ts';
import { isUniqueViolation } from '../../accounts/users.ts';
import { refusal } from '../../errors/DomainError.ts';
import type { Queryable } from '../../storage/db.ts';
import { findNetwork, type NetworkId } from '../chains/networks.ts';
import { type Destination, validateAddress } from '../chains/validateAddress.ts';
import { utcMinute } from '../utcMinute.ts';

/** How long a new address waits before withdrawals to it may start. */
export const ADDRESS_WAIT_MS = 24 * 60 * 60 * 1000;

/** The longest label. */
export const LABEL_MAX = 40;

/** What adding an address needs. */
export interface AddAddressParams {
  network: string;
  address: string;
  tag?: string | undefined;
  label: string;
  code?: string | undefined;
}

/** The caller's saved addresses, newest first, and whether withdrawals go only to them. */
export async function readAddressBook(db: Queryable, userId: number): Promise<AddressBook> {
  const [rows, user] = await Promise.all([
    db
      .selectFrom('address_book')
      .select(['id', 'network', 'address', 'tag', 'label', 'created_at', 'usable_from'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('users')
      .select('address_book_only')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { addresses: rows.map(toWire), onlySaved: user.address_book_only };
}

/** Saves a destination, checked as a withdrawal's would be; usable after ADDRESS_WAIT_MS. */
export async function addAddress(
  ctx: TwoFactorContext,
  userId: number,
  params: AddAddressParams,
  now = new Date(),
): Promise<SavedAddress> {
  const network = findNetwork(params.network);
  if (network === undefined) {
    throw refusal('wallet.unknownNetwork', { network: params.network });
  }
  // Saved without a tag where the network has one, a withdrawal to it still asks to confirm
  // that the receiving wallet needs none.
  const destination = validateAddress(network.id, {
    address: params.address,
    tag: params.tag,
    withoutTag: true,
  });
  const label = params.label.trim();
  if (label.length === 0 || label.length > LABEL_MAX) {
    throw refusal('addressBook.label', { max: LABEL_MAX });
  }
  await verifyWhenOn(ctx, userId, params.code, now);
  try {
    const row = await ctx.db
      .insertInto('address_book')
      .values({
        user_id: userId,
        network: network.id,
        address: destination.address,
        tag: destination.tag,
        label,
        created_at: now,
        usable_from: new Date(now.getTime() + ADDRESS_WAIT_MS),
      })
      .returning(['id', 'network', 'address', 'tag', 'label', 'created_at', 'usable_from'])
      .executeTakeFirstOrThrow();
    return toWire(row);
  } catch (error) {
    if (isUniqueViolation(error, 'address_book_entry')) {
      throw refusal('addressBook.duplicate');
    }
    throw error;
  }
}

/** Removes one of the caller's saved addresses. */
export async function removeAddress(db: Queryable, userId: number, id: number): Promise<void> {
  const removed = await db
    .deleteFrom('address_book')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (removed.numDeletedRows !== 1n) throw refusal('addressBook.notFound');
}

/** Withdraw only to saved addresses, or to any: turned off, withdrawals pause for a day. */
export async function setOnlySaved(
  ctx: TwoFactorContext,
  userId: number,
  onlySaved: boolean,
  code: string | undefined,
  now = new Date(),
): Promise<void> {
  await verifyWhenOn(ctx, userId, code, now);
  await ctx.db
    .updateTable('users')
    .set((eb) => ({
      address_book_only: onlySaved,
      // The pause starts only when the protection really goes from on to off.
      address_book_off_at: onlySaved
        ? eb.ref('address_book_off_at')
        : eb
            .case()
            .when('address_book_only', '=', true)
            .then(now)
            .else(eb.ref('address_book_off_at'))
            .end(),
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * For an account that withdraws only to saved addresses: refuses a destination that is not saved
 * on the network, or not yet usable.
 */
export async function refuseUnsavedDestination(
  db: Queryable,
  userId: number,
  network: NetworkId,
  destination: Destination,
  now: Date,
): Promise<void> {
  let query = db
    .selectFrom('address_book')
    .select(['usable_from', 'label'])
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .where('address', '=', destination.address);
  query =
    destination.tag === null
      ? query.where('tag', 'is', null)
      : query.where('tag', '=', destination.tag);
  const saved = await query.executeTakeFirst();
  if (saved === undefined) throw refusal('addressBook.notSaved');
  if (saved.usable_from > now) {
    throw refusal('addressBook.notYetUsable', {
      label: saved.label,
      from: utcMinute(saved.usable_from),
    });
  }
}

/** Asks for the second factor when the account has it on. */
async function verifyWhenOn(
  ctx: TwoFactorContext,
  userId: number,
  code: string | undefined,
  now: Date,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('two_factor')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.two_factor) return;
  if (code === undefined || code.trim() === '') {
    throw refusal('addressBook.codeRequired');
  }
  await verifySecondFactor(ctx, userId, code, now.getTime());
}

function toWire(row: {
  id: number;
  network: string;
  address: string;
  tag: number | null;
  label: string;
  created_at: Date;
  usable_from: Date;
}): SavedAddress {
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    tag: row.tag,
    label: row.label,
    addedAt: row.created_at.toISOString(),
    usableFrom: row.usable_from.toISOString(),
  };
}
