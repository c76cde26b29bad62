/**
 * `/confirm-withdrawal?token=…`: the page the link mailed with each withdrawal request opens. It
 * works signed out too (a phone's mail app): the token is the proof.
 */
import { call, formatAmount } from '../../core/index.ts';
import { MailLinkPage } from './MailLinkPage.tsx';

async function confirm(confirmToken: string) {
  const reply = await call('withdrawals.confirm', { confirmToken });
  if (!reply.status) return { ok: false, text: reply.error_msg };
  const { amount, asset, address, status } = reply.withdrawal;
  const next =
    status === 'awaitingReview'
      ? 'It now waits for a staff review, as large withdrawals do.'
      : 'It is sent with the next block; we mail you its transaction id.';
  return {
    ok: true,
    text: `Withdrawal of ${formatAmount(amount)} ${asset} to ${address} confirmed. ${next}`,
  };
}

export default function ConfirmWithdrawalPage() {
  return (
    <MailLinkPage title="Confirm your withdrawal" action="Confirm the withdrawal" act={confirm}>
      <p>Confirm only a withdrawal you asked for: a transaction on the chain cannot be reversed.</p>
    </MailLinkPage>
  );
}
