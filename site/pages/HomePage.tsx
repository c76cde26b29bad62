/** The home page: what the exchange offers and each market's live last price and 24 h change. */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { currencies, formatChange, formatPrice, trendOf, user } from '../../core/index.ts';
import { Loader } from '../components/Loader.tsx';
import { useMarketTickers } from '../components/markets/useMarketTickers.ts';
import '../components/markets/marketFigures.css';
import { useSiteName } from '../useSiteName.ts';

/** Home, at `/`. */
export default function HomePage() {
  // Polled, not streamed: the socket client stays off the page every visitor loads first.
  const tickers = useMarketTickers('poll');
  const { items } = useSnapshot(currencies);
  const names = new Map(items.map((currency) => [currency.ticker, currency.name]));
  const { isAuth } = useSnapshot(user);
  const name = useSiteName();
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">Trade crypto on {name}</h1>
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
        <h2 id="prices-title">Live prices</h2>
        {tickers.items !== null ? (
          <>
            <table className="prices">
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col">Name</th>
                  <th scope="col" className="number">
                    Last price (USDT)
                  </th>
                  <th scope="col" className="number">
                    24h change
                  </th>
                </tr>
              </thead>
              <tbody>
                {tickers.items.map((ticker) => (
                  <tr key={ticker.pair} data-testid={`price-${ticker.base}`}>
                    <th scope="row">
                      <Link href={`/trading/${ticker.pair}`}>{ticker.base}</Link>
                    </th>
                    <td>{names.get(ticker.base) ?? ticker.base}</td>
                    <td className="number">{formatPrice(ticker.pair, ticker.last)}</td>
                    <td className={`number trend-${trendOf(ticker.change)}`}>
                      {formatChange(ticker.change)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              <Link href="/markets">See all markets</Link>
            </p>
          </>
        ) : tickers.error !== null ? (
          <p className="error-box" role="alert">
            {tickers.error}
          </p>
        ) : (
          <Loader label="Loading prices" />
        )}
      </section>
    </div>
  );
}
