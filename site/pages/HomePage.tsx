/** The home page: what the exchange offers and the reference prices of its currencies. */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { currencies, siteName, user } from '../../core/index.ts';
import { Loader } from '../components/Loader.tsx';

/** Home (spec §2 `/`). */
export default function HomePage() {
  const { items, isLoaded } = useSnapshot(currencies);
  const { isAuth } = useSnapshot(user);
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">Trade crypto on {siteName(window.location.hostname)}</h1>
        <p>
          Spot markets for eight assets against USDT, with balances you can trace entry by entry and
          live support when you need it.
        </p>
        <div className="actions">
          {isAuth ? (
            <Link href="/account" className="button">
              Go to your account
            </Link>
          ) : (
            <>
              <Link href="/signup" className="button">
                Create account
              </Link>
              <Link href="/signin" className="button secondary">
                Log In
              </Link>
            </>
          )}
        </div>
      </section>
      <section aria-labelledby="prices-title">
        <h2 id="prices-title">Reference prices</h2>
        {isLoaded ? (
          <table className="prices">
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col">Name</th>
                <th scope="col" className="number">
                  Price (USD)
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((currency) => (
                <tr key={currency.ticker}>
                  <th scope="row">{currency.ticker}</th>
                  <td>{currency.name}</td>
                  <td className="number">{Number(currency.price).toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <Loader label="Loading prices" />
        )}
      </section>
    </div>
  );
}
