/** The staff gate of every Dashboard page: its content for staff, a clear refusal for others. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { user } from '../../../core/index.ts';

/** Renders `children` for staff (statusId above 0), otherwise says the page is staff only. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { statusId } = useSnapshot(user);
  if (statusId > 0) return children;
  return (
    <section className="page">
      <h1>Staff only</h1>
      <p>This page is for the support team. Your account does not have staff access.</p>
      <p>
        <Link href="/account">Back to your account</Link>
      </p>
    </section>
  );
}
