/**
 * The demo market's two accounts: ordinary users, found by email on every start and created on
 * the first. Their addresses are under `.invalid`, which no mailbox can have (RFC 2606 §2), and
 * their password hash is not the scrypt form, so verifyPassword refuses every password: nobody
 * signs in as them.
 */
import { createUser, findUserByEmail, type UserRow } from '../../accounts/users.ts';
import { DomainError } from '../../errors/DomainError.ts';
import type { Queryable } from '../../storage/db.ts';

/** The password hash of both demo traders; it also tells their rows from anyone else's. */
export const DEMO_TRADER_PASSWORD_HASH = '!demo-trader';

/** A demo trader's email and display name. */
export interface DemoTrader {
  email: string;
  login: string;
}

/** The market maker quoting every book. */
export const MARKET_MAKER: DemoTrader = {
  email: 'market-maker@demo.invalid',
  login: 'Market maker',
};

/** The account trading against it now and then. */
export const TAKER: DemoTrader = { email: 'taker@demo.invalid', login: 'Taker' };

/**
 * The trader's user id, creating the account if it is missing. Null when an account that is not
 * a demo trader (another password hash) holds the email: it is never traded for or funded.
 */
export async function ensureTrader(db: Queryable, trader: DemoTrader): Promise<number | null> {
  const found = await findUserByEmail(db, trader.email);
  if (found !== undefined) return demoTraderId(found);
  try {
    const user = await createUser(db, {
      email: trader.email,
      passwordHash: DEMO_TRADER_PASSWORD_HASH,
      login: trader.login,
      ip: '',
      domain: '',
      referredBy: null,
    });
    return user.id;
  } catch (error) {
    // Another server on the same database created it a moment ago.
    if (!(error instanceof DomainError && error.code === 'account.duplicateEmail')) throw error;
    return demoTraderId(await findUserByEmail(db, trader.email));
  }
}

function demoTraderId(user: UserRow | undefined): number | null {
  return user?.password_hash === DEMO_TRADER_PASSWORD_HASH ? user.id : null;
}
