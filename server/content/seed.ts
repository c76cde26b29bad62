/**
 * Start-up seeding, safe to run on every start: the listed currencies, the demo account (funded
 * only through ledger entries with the reason 'Deposit') and the staff account from the
 * environment.
 */
import { ASSETS, type Asset, QUOTE, type Ticker } from '../../core/protocol/index.ts';
import { hashPassword, type PasswordCost, verifyPassword } from '../accounts/passwords.ts';
import { createUser, findUserByEmail, normaliseEmail, type UserRow } from '../accounts/users.ts';
import type { Config, Credentials } from '../config.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

/** A currency as seeded: ticker, display name and USD reference price (a decimal string). */
export interface SeedCurrency {
  ticker: Ticker;
  name: string;
  price: string;
}

const ASSET_SEEDS: Record<Asset, Omit<SeedCurrency, 'ticker'>> = {
  BTC: { name: 'Bitcoin', price: '97250.00' },
  ETH: { name: 'Ethereum', price: '3420.50' },
  BNB: { name: 'BNB', price: '655.20' },
  XRP: { name: 'XRP', price: '2.34' },
  DOGE: { name: 'Dogecoin', price: '0.3215' },
  SOL: { name: 'Solana', price: '192.75' },
  LTC: { name: 'Litecoin', price: '104.60' },
  TRX: { name: 'TRON', price: '0.2485' },
};

/** The listed currencies: the eight assets in display order, then the USDT quote currency. */
export const SEED_CURRENCIES: readonly SeedCurrency[] = [
  ...ASSETS.map((ticker) => ({ ticker, ...ASSET_SEEDS[ticker] })),
  { ticker: QUOTE, name: 'Tether', price: '1' },
];

/** What the demo account holds after its first start, all as 'Deposit' entries. */
export const DEMO_DEPOSITS: readonly { ticker: Ticker; amount: string }[] = [
  { ticker: 'BTC', amount: '0.05' },
  { ticker: 'ETH', amount: '1.2' },
  { ticker: 'SOL', amount: '3.5' },
  { ticker: 'XRP', amount: '750' },
  { ticker: 'DOGE', amount: '1200' },
  { ticker: QUOTE, amount: '2500' },
];

/** The reason written on every deposit entry. */
export const DEPOSIT_REASON = 'Deposit';

const CHART_POINTS = 24;

/** Seeds what is missing; existing rows (prices, balances) are left as they are. */
export async function seed(db: Database, config: Config): Promise<void> {
  await seedCurrencies(db);
  if (config.demo !== null) await ensureDemo(db, config.demo, config.passwordCost);
  if (config.staff !== null) await ensureAccount(db, config.staff, 1, config.passwordCost);
  // The operator set these addresses in the settings; no mail needs to prove them.
  const configured = [config.demo?.email, config.staff?.email].filter(
    (email) => email !== undefined,
  );
  if (configured.length > 0) {
    await db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', 'in', configured.map(normaliseEmail))
      .where('email_verified_at', 'is', null)
      .execute();
  }
}

async function seedCurrencies(db: Database): Promise<void> {
  await db
    .insertInto('currencies')
    .values(
      SEED_CURRENCIES.map((currency, position) => ({
        ...currency,
        position,
        chart: JSON.stringify(chart(Number(currency.price), position)),
      })),
    )
    .onConflict((conflict) => conflict.column('ticker').doNothing())
    .execute();
}

/**
 * A plausible recent price history ending exactly at the reference price, deterministic so
 * every start and every test sees the same numbers.
 */
function chart(price: number, seed: number): number[] {
  if (seed === SEED_CURRENCIES.length - 1) return Array(CHART_POINTS).fill(price);
  const points: number[] = [];
  for (let i = 0; i < CHART_POINTS; i++) {
    const remaining = (CHART_POINTS - 1 - i) / (CHART_POINTS - 1);
    const wave = Math.sin(i / 2.5 + seed * 1.7) * 0.02 + (seed % 3 === 0 ? -0.04 : 0.03);
    points.push(Number((price * (1 + wave * remaining)).toPrecision(6)));
  }
  return points;
}

async function ensureDemo(db: Database, demo: Credentials, cost: PasswordCost): Promise<void> {
  if ((await findUserByEmail(db, demo.email)) !== undefined) {
    await ensureAccount(db, demo, 0, cost);
    return;
  }
  const passwordHash = await hashPassword(demo.password, cost);
  await db.transaction().execute(async (trx) => {
    const user = await createUser(trx, {
      email: demo.email,
      passwordHash,
      login: 'demo',
      ip: '',
      domain: '',
      referredBy: null,
    });
    for (const { ticker, amount } of DEMO_DEPOSITS) {
      await post(trx, {
        from: { system: 'deposits' },
        to: { user: user.id },
        ticker,
        amount,
        reason: DEPOSIT_REASON,
      });
    }
  });
}

/** Makes the account exist with this password and at least this status; returns its row. */
async function ensureAccount(
  db: Database,
  credentials: Credentials,
  statusId: number,
  cost: PasswordCost,
): Promise<UserRow> {
  const existing = await findUserByEmail(db, credentials.email);
  if (existing === undefined) {
    return createUser(db, {
      email: credentials.email,
      passwordHash: await hashPassword(credentials.password, cost),
      login: credentials.email.split('@')[0] ?? credentials.email,
      ip: '',
      domain: '',
      referredBy: null,
      statusId,
    });
  }
  const passwordOk = await verifyPassword(credentials.password, existing.password_hash);
  if (passwordOk && existing.status_id >= statusId) return existing;
  return db
    .updateTable('users')
    .set({
      status_id: Math.max(existing.status_id, statusId),
      updated_at: new Date(),
      ...(passwordOk ? {} : { password_hash: await hashPassword(credentials.password, cost) }),
    })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
