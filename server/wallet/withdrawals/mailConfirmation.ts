/**
 * A withdrawal is confirmed from the owner's mailbox before it leaves: the request holds the
 * money and mails a link (single use, 30 minutes); following it releases the withdrawal to the
 * sender, or to staff review when it is large. A link not followed in time cancels the request
 * and gives the hold back. Whoever took over a session (or the password) still cannot send the
 * money out without the mailbox too. Once the withdrawal is signed, a second mail says it left,
 * with its transaction id.
 */
import { formatAmount } from '../../../core/format/index.ts';
import { refusal } from '../../errors/DomainError.ts';
import { linkTo, type MailSite } from '../../mail/site.ts';
import { queueSiteMail } from '../../mail/siteMail.ts';
import { issueToken, redeemToken } from '../../mail/tokens.ts';
import type { Database, Queryable } from '../../storage/db.ts';
import { NETWORKS, type NetworkId } from '../chains/networks.ts';
import { movableFrom, WITHDRAWAL_MOVES } from './lifecycle.ts';
import { releaseHold } from './releaseHold.ts';
import { readWithdrawal, type WithdrawalRow } from './withdrawalRows.ts';

/** How long a withdrawal's confirmation link works, and so how long the request waits for it. */
export const WITHDRAWAL_LINK_MS = 30 * 60_000;

/** Why a withdrawal whose link ran out was cancelled, as its owner reads it. */
export const EXPIRED_REASON = 'Not confirmed from the e-mail within 30 minutes.';

/** What the mails say about a withdrawal. */
interface MailedWithdrawal {
  id: number;
  asset: string;
  network: string;
  address: string;
  tag: number | null;
  amount: string;
  fee: string;
}

/** The destination as the mails write it, tag included. */
function destinationText(withdrawal: MailedWithdrawal): string {
  const network = NETWORKS[withdrawal.network as NetworkId]?.name ?? withdrawal.network;
  const tag = withdrawal.tag === null ? '' : ` (tag ${withdrawal.tag})`;
  return `${withdrawal.address}${tag} on ${network}`;
}

/** The amount and fee as the mails write them. */
function amountText(withdrawal: MailedWithdrawal): string {
  const { asset } = withdrawal;
  return `${formatAmount(withdrawal.amount)} ${asset} (network fee ${formatAmount(withdrawal.fee)} ${asset})`;
}

/** Queues the link that confirms a withdrawal just requested, in the request's transaction. */
export async function queueConfirmationMail(
  trx: Queryable,
  config: MailSite,
  owner: { id: number; email: string },
  withdrawal: MailedWithdrawal,
  now = new Date(),
): Promise<void> {
  const token = await issueToken(
    trx,
    { userId: owner.id, purpose: 'withdrawal', withdrawalId: withdrawal.id },
    WITHDRAWAL_LINK_MS,
    now,
  );
  await queueSiteMail(trx, config, (name) => ({
    to: owner.email,
    subject: `Confirm your withdrawal of ${formatAmount(withdrawal.amount)} ${withdrawal.asset}`,
    lines: [
      `You asked to withdraw ${amountText(withdrawal)} to ${destinationText(withdrawal)}.`,
      'It is held in your account and sent only once you confirm it with the link below. The link works once, for 30 minutes; after that the withdrawal is cancelled and the money is available again.',
      'Check the address: a transaction on the chain cannot be reversed.',
    ],
    action: {
      label: 'Confirm the withdrawal',
      url: linkTo(config, `/confirm-withdrawal?token=${token}`),
    },
    why: `You get this mail because withdrawal ${withdrawal.id} was requested from ${owner.email} on ${name}.`,
    notYou:
      'If it was not you, do not follow the link: the withdrawal is cancelled by itself in 30 minutes, or cancel it now in your wallet. Then change your password and turn on two-factor authentication, as someone else is signed in to your account.',
  }));
}

/**
 * Confirms the withdrawal the link was mailed for: it goes to the sender, or to staff review when
 * its value is above the review threshold. The link is used up only if the withdrawal moved on.
 */
export async function confirmWithdrawal(
  db: Database,
  reviewAboveUsd: number,
  token: string,
): Promise<WithdrawalRow> {
  const [toSender, toReview] = WITHDRAWAL_MOVES.confirmByLink.to;
  const id = await db.transaction().execute(async (trx) => {
    const { withdrawalId } = await redeemToken(trx, token, 'withdrawal');
    if (withdrawalId === null) throw new Error('a withdrawal token without its withdrawal');
    const moved = await trx
      .updateTable('withdrawals')
      .set((eb) => ({
        status: eb
          .case()
          .when('usd_value', '>', String(reviewAboveUsd))
          .then(toReview)
          .else(toSender)
          .end(),
        updated_at: new Date(),
      }))
      .where('id', '=', withdrawalId)
      .where('status', 'in', movableFrom('confirmByLink'))
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw refusal('withdrawal.notWaiting');
    return withdrawalId;
  });
  const row = await readWithdrawal(db, id);
  if (row === undefined) throw new Error(`withdrawal ${id} not found after its confirmation`);
  return row;
}

/**
 * Cancels the withdrawals whose link ran out unfollowed, giving their holds back; the owners'
 * ids, for their streams.
 */
export async function cancelUnconfirmed(db: Database, now = new Date()): Promise<number[]> {
  const stale = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', 'in', movableFrom('expireLink'))
    .where('created_at', '<=', new Date(now.getTime() - WITHDRAWAL_LINK_MS))
    .orderBy('id')
    .limit(200)
    .execute();
  const owners: number[] = [];
  for (const { id } of stale) {
    const owner = await db.transaction().execute((trx) =>
      releaseHold(trx, {
        id,
        move: 'expireLink',
        reason: EXPIRED_REASON,
      }),
    );
    if (owner !== undefined) owners.push(owner);
  }
  return owners;
}

/** Queues the mail saying a withdrawal left, in the transaction that marks it sent. */
export async function queueSentMail(
  trx: Queryable,
  config: MailSite,
  withdrawal: MailedWithdrawal & { user_id: number },
  txHash: string,
): Promise<void> {
  const owner = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', withdrawal.user_id)
    .executeTakeFirstOrThrow();
  await queueSiteMail(trx, config, (name) => ({
    to: owner.email,
    subject: `Your withdrawal of ${formatAmount(withdrawal.amount)} ${withdrawal.asset} was sent`,
    lines: [
      `Withdrawal ${withdrawal.id} of ${amountText(withdrawal)} was sent to ${destinationText(withdrawal)}.`,
      `Transaction id: ${txHash}`,
      'It is final once the network has confirmed it; your wallet shows the confirmations as they come.',
    ],
    action: { label: 'See your withdrawals', url: linkTo(config, '/account/withdraw') },
    why: `You get this mail because a withdrawal of ${owner.email} on ${name} left the exchange.`,
    notYou:
      'If you did not ask for this withdrawal, change your password at once, sign out your other sessions and tell live support.',
  }));
}
