/** `/promo` (a marketing page): the current promotion and its conditions, stated plainly. */
import { Link } from 'wouter';
import { useSiteName } from '../useSiteName.ts';
import { useWidgets } from '../useWidgets.ts';

/** The promotion page. */
export default function PromoPage() {
  const name = useSiteName();
  useWidgets();
  return (
    <div className="page promo-page">
      <section className="hero" aria-labelledby="promo-title">
        <p className="eyebrow">Promotion</p>
        <h1 id="promo-title">Invite a friend to {name}</h1>
        <p>
          Share your referral link from your profile. Every account opened through it is credited to
          you, and you both get priority in the live-support queue.
        </p>
        <div className="actions">
          <Link href="/signup" className="button">
            Create account
          </Link>
          <Link href="/account/profile" className="button secondary">
            Find your referral link
          </Link>
        </div>
        <div className="live-counters">
          <live-counter
            figure="count"
            label="people watching live now"
            label-one="person watching live now"
          />
        </div>
      </section>
      <section aria-labelledby="promo-terms">
        <h2 id="promo-terms">Conditions</h2>
        <ul>
          <li>The referral is recorded when your friend signs up through your link.</li>
          <li>There is nothing to pay to take part, and no deposit is required.</li>
          <li>
            Accounts that break the <Link href="/terms-of-service">Terms of Service</Link> are
            excluded.
          </li>
        </ul>
      </section>
    </div>
  );
}
