/**
 * The home page in live mode: a marketing landing page for the live campaign, sending
 * visitors to the live page, the promotion and sign-up.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { user } from '../../core/index.ts';
import { useSiteName } from '../useSiteName.ts';
import { useWidgets } from '../useWidgets.ts';

/** Home when `config.live.is_enabled`. */
export default function LiveHomePage() {
  const { isAuth } = useSnapshot(user);
  const name = useSiteName();
  useWidgets();
  return (
    <div className="page home home-live">
      <section className="hero" aria-labelledby="live-home-title">
        <p className="eyebrow">Live now</p>
        <h1 id="live-home-title">{name} Live: trade along with the market, in real time</h1>
        <p>
          Follow the eight spot markets as they move, see how many traders are online with you, and
          ask our support team anything while it happens.
        </p>
        <div className="live-counters">
          <live-counter
            figure="count"
            label="people watching live now"
            label-one="person watching live now"
          />
        </div>
        <div className="actions">
          <Link href="/live" className="button">
            Watch the live markets
          </Link>
          <Link href={isAuth ? '/account' : '/signup'} className="button secondary">
            {isAuth ? 'Go to your account' : 'Create account'}
          </Link>
        </div>
      </section>
      <section aria-labelledby="live-why">
        <h2 id="live-why">Why join during the live event</h2>
        <ul className="feature-list">
          <li>
            <strong>Real prices, real balances.</strong> Every balance change is a ledger entry you
            can trace.
          </li>
          <li>
            <strong>People on the other end.</strong> Live support answers in the chat, with
            screenshots if you need them.
          </li>
          <li>
            <strong>No surprises.</strong> Fees and limits are shown before you confirm anything.{' '}
            <Link href="/promo">See the current promotion</Link>.
          </li>
        </ul>
      </section>
    </div>
  );
}
