/**
 * A burst of spot orders spread over several servers: each trader sends seeded placements
 * (test/spot/traders.ts) to the servers in turn, skipping those taken out of the list, and the
 * burst remembers every order acknowledged and every call whose outcome it never learned (a
 * server killed under it, a database connection cut under it). `check` then holds the database
 * to what the traders were told: each acknowledged order stored once, as acknowledged, and each
 * call in doubt, sent again with its client order id, stored at most once.
 */
import { sql } from 'kysely';
import type { Database } from '../../server/storage/db.ts';
import { seededRandom } from '../seededRandom.ts';
import { callApi, StepStream, type Trader } from '../spot/traders.ts';

type Placement = ReturnType<StepStream['placement']>['params'];

/** A placement whose answer never came, or came as a server error rather than the market's. */
interface InDoubt {
  trader: Trader;
  params: Placement;
}

/** See the file comment. */
export class OrderBurst {
  /** `${userId}/${clientOrderId}` of each acknowledged order, to its id. */
  readonly acknowledged = new Map<string, number>();
  readonly inDoubt: InDoubt[] = [];
  /** Placements the market refused (no funds, a FOK that could not fill ...). */
  refused = 0;
  private readonly streams: StepStream[];

  constructor(
    private readonly traders: readonly Trader[],
    seed: number,
  ) {
    this.streams = traders.map(
      (_, i) => new StepStream(seededRandom(seed * 1000 + i), `b${seed}t${i}`),
    );
  }

  /** Sends `each` placements from every trader, trader k's j-th to `servers()[(k + j) % n]`. */
  async run(servers: () => readonly string[], each: number): Promise<void> {
    await Promise.all(
      this.traders.map(async (trader, k) => {
        const stream = this.streams[k] as StepStream;
        for (let j = 0; j < each; j += 1) {
          const live = servers();
          const url = live[(k + j) % live.length] as string;
          await this.place(url, trader, stream.placement().params);
        }
      }),
    );
  }

  /** Sends every call in doubt again, with its client order id, to `url`. */
  async resend(url: string): Promise<void> {
    const doubts = this.inDoubt.splice(0);
    for (const { trader, params } of doubts) await this.place(url, trader, params);
  }

  /** What the database says against what the traders were told; empty when they agree. */
  async check(db: Database): Promise<string[]> {
    const { rows } = await sql<{ key: string; ids: number[] }>`
      select user_id || '/' || client_order_id as key, array_agg(id order by id) as ids
        from orders where client_order_id is not null group by 1`.execute(db);
    const stored = new Map(rows.map((row) => [row.key, row.ids.map(Number)]));
    const problems: string[] = [];
    for (const [key, ids] of stored) {
      if (ids.length > 1) problems.push(`order ${key} stored ${ids.length} times: ${ids}`);
    }
    for (const [key, id] of this.acknowledged) {
      const ids = stored.get(key);
      if (ids === undefined) problems.push(`acknowledged order ${key} (${id}) was not stored`);
      else if (!ids.includes(id))
        problems.push(`order ${key} acknowledged as ${id}, stored as ${ids}`);
    }
    return problems;
  }

  private async place(url: string, trader: Trader, params: Placement): Promise<void> {
    const key = `${trader.userId}/${params.clientOrderId}`;
    try {
      const answer = await callApi(url, 'orders.place', trader.token, params);
      const order = answer.order as { id: number } | undefined;
      if (answer.status && order !== undefined) this.acknowledged.set(key, order.id);
      else if (answer.error_code === 'request.serverError') this.inDoubt.push({ trader, params });
      else this.refused += 1;
    } catch {
      // The server went away with the call: whether it was stored is for `check` to tell.
      this.inDoubt.push({ trader, params });
    }
  }
}
