/**
 * `/live` (a marketing page): what the live event is and how to take part, with the live
 * counters of the widget suite (visitors online now and page views).
 */
import { Link } from 'wouter';
import { ASSETS } from '../../core/index.ts';
import { useSiteName } from '../useSiteName.ts';
import { useWidgets } from '../useWidgets.ts';

/** The live marketing page. */
export default function LivePage() {
  const name = useSiteName();
  useWidgets();
  return (
    <div className="page live-page">
      <section className="hero" aria-labelledby="live-title">
        <p className="eyebrow">Live</p>
        <h1 id="live-title">{name} Live</h1>
        <p>
          The markets never close. During our live sessions the team walks through what is moving,
          answers questions in the chat and shows how each feature of the exchange works, from a
          first deposit to a spot order.
        </p>
        <div className="live-counters">
          <live-counter
            figure="count"
            label="people watching live now"
            label-one="person watching live now"
          />
          <live-counter figure="views" label="page views so far" />
        </div>
      </section>
      <section aria-labelledby="live-markets">
        <h2 id="live-markets">The markets we follow</h2>
        <ul className="pill-list">
          {ASSETS.map((asset) => (
            <li key={asset}>
              <Link href={`/trading/${asset}_USDT`}>{asset}/USDT</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="live-how">
        <h2 id="live-how">How to take part</h2>
        <ol>
          <li>
            <Link href="/signup">Create an account</Link> — it takes an email and a password.
          </li>
          <li>Deposit from a crypto wallet or buy crypto by card.</li>
          <li>Open a market and place your first order, or just watch and ask questions.</li>
        </ol>
        <p>
          Questions first? The <Link href="/faq">help center</Link> answers the common ones.
        </p>
      </section>
    </div>
  );
}
