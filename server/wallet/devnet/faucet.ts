/**
 * The devnet faucet: test coins to an address, in the next block. Capped per send and limited per
 * requester each hour, so nobody fills the books with fake wealth; every answer says the coins
 * are test funds, worthless outside this exchange's devnet.
 */
import { sql } from 'kysely';
import type { TestCoinsSent, Ticker } from '../../../core/protocol/index.ts';
import { refusal } from '../../errors/DomainError.ts';
import { waitText } from '../../http/limits.ts';
import type { Database } from '../../storage/db.ts';
import type { AssetNetwork } from '../chains/assetNetworks.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import { fromMinorUnits, toMinorUnits } from '../chains/minorUnits.ts';
import { NETWORKS } from '../chains/networks.ts';
import type { Destination } from '../chains/validateAddress.ts';
import { Devnet } from './Devnet.ts';
import { DevnetAdapter } from './DevnetAdapter.ts';

/** The most one send gives, per asset: about 1,000 USD at the seeded reference prices. */
export const FAUCET_CAPS: Readonly<Record<Ticker, string>> = {
  BTC: '0.01',
  ETH: '0.3',
  BNB: '1.5',
  XRP: '400',
  DOGE: '3000',
  SOL: '5',
  LTC: '10',
  TRX: '4000',
  USDT: '1000',
};

/** Sends one requester may ask for in an hour. */
export const FAUCET_SENDS_PER_HOUR = 10;

/** One faucet request; the destination is already checked for the network. */
export interface FaucetRequest {
  on: AssetNetwork;
  destination: Destination;
  /** A decimal string in the asset's unit. */
  amount: string;
  /** Who asks ('user:<id>' or 'ip:<address>'): the hourly limit counts per requester. */
  requestedBy: string;
  /** Time between two blocks, for the note's estimate. */
  blockMs: number;
}

/** Refuses a network on a real node: the faucet makes coins on the devnet's chains only. */
export function assertOnDevnet(adapter: ChainAdapter, on: AssetNetwork): void {
  if (!(adapter instanceof DevnetAdapter)) {
    throw refusal('faucet.realChain', { network: NETWORKS[on.network].name });
  }
}

/** Sends test coins, or a refusal saying why not; nothing is sent when it refuses. */
export async function sendTestCoins(db: Database, request: FaucetRequest): Promise<TestCoinsSent> {
  const { on, destination, amount, requestedBy } = request;
  const units = toMinorUnits(on, amount);
  if (units === 0n) throw refusal('wallet.notPositive');
  if (units > toMinorUnits(on, FAUCET_CAPS[on.asset])) {
    throw refusal('faucet.tooMuch', { max: FAUCET_CAPS[on.asset], asset: on.asset });
  }
  const txHash = await db.transaction().execute(async (trx) => {
    // One requester's sends queue here, so two at once cannot both pass the count.
    await sql`select pg_advisory_xact_lock(hashtext(${`faucet ${requestedBy}`}))`.execute(trx);
    const recent = await trx
      .selectFrom('devnet_transactions')
      .select([
        sql<number>`count(*)::integer`.as('sends'),
        sql<number>`extract(epoch from min(created_at) + interval '1 hour' - now()) * 1000`.as(
          'waitMs',
        ),
      ])
      .where('requested_by', '=', requestedBy)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (recent.sends >= FAUCET_SENDS_PER_HOUR) {
      throw refusal('faucet.tooOften', {
        sends: FAUCET_SENDS_PER_HOUR,
        wait: waitText(Number(recent.waitMs)),
      });
    }
    return new Devnet(trx).send({
      network: on.network,
      asset: on.asset,
      address: destination.address,
      tag: destination.tag,
      units,
      requestedBy,
    });
  });
  return {
    txHash,
    asset: on.asset,
    network: on.network,
    address: destination.address,
    tag: destination.tag,
    amount: fromMinorUnits(on, units),
    note: note(on, fromMinorUnits(on, units), request.blockMs),
  };
}

function note(on: AssetNetwork, amount: string, blockMs: number): string {
  const { confirmations, name } = NETWORKS[on.network];
  const seconds = Math.ceil((confirmations * blockMs) / 1000);
  return `Sent ${amount} ${on.asset} in devnet test funds on ${name}: they are not real ${on.asset}, have no value and exist only on this exchange's devnet. They arrive in the next block; a deposit to this exchange is credited after ${confirmations} confirmation${confirmations === 1 ? '' : 's'} (about ${seconds} s).`;
}
