/** `/verify-email?token=…`: the page the link mailed after sign-up opens. */
import { call, loadUser } from '../../core/index.ts';
import { MailLinkPage } from './MailLinkPage.tsx';

async function verify(verifyToken: string) {
  const reply = await call('users.verifyEmail', { verifyToken });
  if (!reply.status) return { ok: false, text: reply.error_msg };
  void loadUser();
  return { ok: true, text: reply.message };
}

export default function VerifyEmailPage() {
  return (
    <MailLinkPage title="Confirm your email address" action="Confirm my address" act={verify} />
  );
}
