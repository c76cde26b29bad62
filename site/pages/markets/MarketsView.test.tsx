import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type MarketSummary, PAIRS, type PairSymbol } from '../../../core/index.ts';
import type { Sparklines } from '../../components/markets/useSparklines.ts';
import { FAVOURITES_KEY, readFavourites, useFavourites } from './favourites.ts';
import { MarketsView } from './MarketsView.tsx';
import { sortMarkets } from './marketRows.ts';

type Figures = Partial<
  Pick<MarketSummary, 'last' | 'change' | 'high' | 'low' | 'baseVolume' | 'quoteVolume'>
>;

/** A ticker as markets.getItems sends it; a pair that never traded unless figures are given. */
function ticker(pair: PairSymbol, figures: Figures = {}): MarketSummary {
  const spec = PAIRS[pair];
  return {
    pair,
    base: spec.base,
    quote: spec.quote,
    tickSize: spec.tickSize,
    lotSize: spec.lotSize,
    priceDecimals: spec.priceDecimals,
    amountDecimals: spec.amountDecimals,
    minPrice: spec.tickSize,
    maxPrice: spec.maxPrice,
    minAmount: spec.lotSize,
    maxAmount: spec.maxAmount,
    minValue: spec.minValue,
    maxTotal: '900000000',
    makerFee: '0.001',
    takerFee: '0.001',
    last: null,
    change: null,
    high: null,
    low: null,
    baseVolume: '0',
    quoteVolume: '0',
    bid: null,
    bidAmount: null,
    ask: null,
    askAmount: null,
    timestamp: 0,
    ...figures,
  };
}

const ITEMS: MarketSummary[] = [
  ticker('BTC_USDT', {
    last: '97250.5',
    change: '1.25',
    high: '98000',
    low: '95000.01',
    quoteVolume: '9007199254740993.25',
  }),
  ticker('ETH_USDT', {
    last: '3420.5',
    change: '-0.4',
    high: '3500',
    low: '3400',
    quoteVolume: '9007199254740993.5',
  }),
  ticker('BNB_USDT'),
  ticker('XRP_USDT', { last: '2.34', change: '0', high: '2.4', low: '2.3', quoteVolume: '12.5' }),
  ticker('DOGE_USDT', {
    last: '0.32150',
    change: '-12.5',
    high: '0.4',
    low: '0.3',
    quoteVolume: '0.004',
  }),
];

const NAMES = { BTC: 'Bitcoin', ETH: 'Ethereum', BNB: 'BNB', XRP: 'XRP', DOGE: 'Dogecoin' };

function Harness({ items, sparklines }: { items: MarketSummary[] | null; sparklines: Sparklines }) {
  const [favourites, toggle] = useFavourites();
  return (
    <MarketsView
      items={items}
      error={null}
      sparklines={sparklines}
      favourites={favourites}
      onToggleFavourite={toggle}
      names={NAMES}
    />
  );
}

function renderView(items: MarketSummary[] | null = ITEMS, sparklines: Sparklines = {}) {
  const location = memoryLocation({ path: '/markets' });
  return render(
    <Router hook={location.hook}>
      <Harness items={items} sparklines={sparklines} />
    </Router>,
  );
}

/** The pairs of the shown rows, top to bottom. */
function shownPairs(): string[] {
  return screen
    .queryAllByTestId(/^market-[A-Z]+_USDT$/)
    .map((row) => row.dataset.testid?.slice('market-'.length) ?? '');
}

function sortBy(label: string) {
  const header = screen.getByRole('columnheader', { name: label });
  fireEvent.click(within(header).getByRole('button', { name: label }));
  return header;
}

describe('MarketsView', () => {
  beforeEach(() => localStorage.removeItem(FAVOURITES_KEY));
  afterEach(() => localStorage.removeItem(FAVOURITES_KEY));

  it('shows each pair at its tick with signed changes, linking to its trading page', () => {
    renderView();
    expect(shownPairs()).to.deep.equal([
      'BTC_USDT',
      'ETH_USDT',
      'BNB_USDT',
      'XRP_USDT',
      'DOGE_USDT',
    ]);
    const btc = screen.getByTestId('market-BTC_USDT');
    expect(within(btc).getByTestId('last').textContent).to.equal('97,250.50');
    expect(within(btc).getByTestId('change').textContent).to.equal('+1.25%');
    expect(within(btc).getByTestId('change').className).to.contain('trend-up');
    expect(btc.textContent).to.contain('95,000.01').and.contain('9,007,199,254,740,993.25');
    expect(within(btc).getByRole('link', { name: 'BTC/USDT' }).getAttribute('href')).to.equal(
      '/trading/BTC_USDT',
    );
    const eth = screen.getByTestId('market-ETH_USDT');
    expect(within(eth).getByTestId('change').textContent).to.equal('-0.40%');
    expect(within(eth).getByTestId('change').className).to.contain('trend-down');
    const doge = screen.getByTestId('market-DOGE_USDT');
    expect(within(doge).getByTestId('last').textContent).to.equal('0.32150');
    expect(doge.textContent).to.contain('Dogecoin');
    // A volume above zero but under a cent says so, as every USD value does.
    expect(doge.querySelector('.col-volume')?.textContent).to.equal('< 0.01');
    expect(
      within(screen.getByTestId('market-XRP_USDT')).getByTestId('change').textContent,
    ).to.equal('0.00%');
    const bnb = screen.getByTestId('market-BNB_USDT');
    expect(within(bnb).getByTestId('last').textContent).to.equal('—');
    // The sparkline is decorative: the figures say it in words.
    expect(bnb.querySelector('svg.sparkline')?.getAttribute('aria-hidden')).to.equal('true');
  });

  it('sorts by any column with exact decimals, pairs without a figure last either way', () => {
    renderView();
    const volume = sortBy('24h volume (USDT)');
    expect(volume.getAttribute('aria-sort')).to.equal('descending');
    // 9007199254740993.5 and .25 are the same float: only exact maths orders them.
    expect(shownPairs()).to.deep.equal([
      'ETH_USDT',
      'BTC_USDT',
      'XRP_USDT',
      'DOGE_USDT',
      'BNB_USDT',
    ]);
    sortBy('24h volume (USDT)');
    expect(volume.getAttribute('aria-sort')).to.equal('ascending');
    expect(shownPairs()).to.deep.equal([
      'BNB_USDT',
      'DOGE_USDT',
      'XRP_USDT',
      'BTC_USDT',
      'ETH_USDT',
    ]);

    const last = sortBy('Last price');
    expect(last.getAttribute('aria-sort')).to.equal('descending');
    expect(volume.hasAttribute('aria-sort')).to.equal(false);
    expect(shownPairs()).to.deep.equal([
      'BTC_USDT',
      'ETH_USDT',
      'XRP_USDT',
      'DOGE_USDT',
      'BNB_USDT',
    ]);
    sortBy('Last price');
    expect(shownPairs()).to.deep.equal([
      'DOGE_USDT',
      'XRP_USDT',
      'ETH_USDT',
      'BTC_USDT',
      'BNB_USDT',
    ]);

    sortBy('24h change');
    expect(shownPairs()).to.deep.equal([
      'BTC_USDT',
      'XRP_USDT',
      'ETH_USDT',
      'DOGE_USDT',
      'BNB_USDT',
    ]);
    sortBy('24h change');
    expect(shownPairs()).to.deep.equal([
      'DOGE_USDT',
      'ETH_USDT',
      'XRP_USDT',
      'BTC_USDT',
      'BNB_USDT',
    ]);

    const pair = sortBy('Pair');
    expect(pair.getAttribute('aria-sort')).to.equal('ascending');
    expect(shownPairs()).to.deep.equal([
      'BNB_USDT',
      'BTC_USDT',
      'DOGE_USDT',
      'ETH_USDT',
      'XRP_USDT',
    ]);
    expect(screen.getByRole('status').textContent).to.equal(
      '5 of 5 markets shown, sorted by Pair, ascending.',
    );
  });

  it('compares decimals of different lengths exactly, and signed changes as numbers', () => {
    const items = [
      ticker('BTC_USDT', { last: '10', change: '-10.5' }),
      ticker('ETH_USDT', { last: '9.99999999999999999', change: '-9.75' }),
      ticker('SOL_USDT', { last: '10.000000000000000001', change: '-10.49' }),
      ticker('LTC_USDT'),
    ];
    const by = (key: 'last' | 'change') =>
      sortMarkets(items, { key, direction: 'ascending' }).map((item) => item.pair);
    expect(by('last')).to.deep.equal(['ETH_USDT', 'BTC_USDT', 'SOL_USDT', 'LTC_USDT']);
    expect(by('change')).to.deep.equal(['BTC_USDT', 'SOL_USDT', 'ETH_USDT', 'LTC_USDT']);
  });

  it('searches pairs and names, and says when nothing matches', () => {
    renderView();
    const search = screen.getByLabelText('Search markets');
    fireEvent.change(search, { target: { value: 'eth' } });
    expect(shownPairs()).to.deep.equal(['ETH_USDT']);
    fireEvent.change(search, { target: { value: 'bitcoin' } });
    expect(shownPairs()).to.deep.equal(['BTC_USDT']);
    fireEvent.change(search, { target: { value: 'doge/usdt' } });
    expect(shownPairs()).to.deep.equal(['DOGE_USDT']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(shownPairs()).to.deep.equal([]);
    expect(screen.getByText('No market matches “zzz”.')).to.exist;
    expect(screen.queryByRole('table')).to.equal(null);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(shownPairs()).to.have.length(5);
  });

  it('keeps favourites in local storage and filters by them', () => {
    const { unmount } = renderView();
    const star = screen.getByRole('button', { name: 'Favourite ETH/USDT' });
    expect(star.getAttribute('aria-pressed')).to.equal('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).to.equal('true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).to.deep.equal(['ETH_USDT']);

    fireEvent.click(screen.getByRole('button', { name: 'Favourites (1)' }));
    expect(shownPairs()).to.deep.equal(['ETH_USDT']);
    fireEvent.change(screen.getByLabelText('Search markets'), { target: { value: 'btc' } });
    expect(screen.getByText('No market matches “btc” among your favourites.')).to.exist;
    unmount();

    // A new page load reads them back.
    renderView();
    expect(
      screen.getByRole('button', { name: 'Favourite ETH/USDT' }).getAttribute('aria-pressed'),
    ).to.equal('true');
    fireEvent.click(screen.getByRole('button', { name: 'Favourite ETH/USDT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Favourites (0)' }));
    expect(screen.getByText(/No favourites yet/)).to.exist;
  });

  it('follows favourites changed in another tab, and ignores what it cannot read', () => {
    renderView();
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(['BTC_USDT', 'NOPE_USDT', 7]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY }));
    });
    expect(
      screen.getByRole('button', { name: 'Favourite BTC/USDT' }).getAttribute('aria-pressed'),
    ).to.equal('true');
    expect([...readFavourites()]).to.deep.equal(['BTC_USDT']);
    localStorage.setItem(FAVOURITES_KEY, '{not json');
    expect(readFavourites().size).to.equal(0);
  });

  it('draws each 24 h sparkline up to the live last price', () => {
    renderView(ITEMS, { BTC_USDT: [95000, 96000, 97000], ETH_USDT: [3420.5] });
    const line = (pair: PairSymbol) =>
      screen.getByTestId(`market-${pair}`).querySelector('svg.sparkline');
    // The live last price (97250.5) moved since the last close: it is the newest point.
    expect(line('BTC_USDT')?.getAttribute('data-points')).to.equal('4');
    expect(line('BTC_USDT')?.getAttribute('class')).to.contain('trend-up');
    expect(line('BTC_USDT')?.querySelector('polyline')?.getAttribute('points')).to.equal(
      '0.0,30.0 33.3,17.6 66.7,5.1 100.0,2.0',
    );
    // Unchanged since the close: not drawn twice.
    expect(line('ETH_USDT')?.getAttribute('data-points')).to.equal('1');
    // Never traded: a dashed placeholder.
    expect(line('BNB_USDT')?.querySelector('line.sparkline-empty')).to.exist;
  });

  it('shows skeleton rows while loading', () => {
    renderView(null);
    expect(screen.getAllByTestId('market-skeleton')).to.have.length(8);
    expect(screen.getByRole('table').getAttribute('aria-busy')).to.equal('true');
    expect(screen.getByRole('status').textContent).to.equal('Loading markets');
  });
});
