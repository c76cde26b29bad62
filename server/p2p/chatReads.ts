/**
 * How far each side of a P2P trade has read its chat: a side's read mark is the newest message
 * someone else wrote that it has read, and it only moves forward. The other side shows "Seen"
 * under its last own message up to that mark. Staff, who join a disputed trade's chat to hear
 * both sides, neither mark it nor count as a side.
 */
import { sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';
import type { ChatSeat } from './chat.ts';

/** A read mark that moved: the message it now reaches (its row id and its client id). */
export interface ReadMark {
  messageId: number;
  /** The message's client-generated id, as the wire names it. */
  through: string;
  /** The sides whose messages were read: the trade's other side. */
  userIds: number[];
}

/** The trade's other side, for a buyer or a seller; null for staff. */
function otherSide(seat: ChatSeat): number | null {
  if (seat.role === 'buyer') return seat.sellerId;
  if (seat.role === 'seller') return seat.buyerId;
  return null;
}

/**
 * `seat`'s side has read the trade's chat as it stands: its mark moves to the newest message
 * someone else wrote. Returns the mark when it moved, null when it did not (nothing new was
 * there to read, or the reader is staff).
 */
export async function markTradeChatRead(db: Queryable, seat: ChatSeat): Promise<ReadMark | null> {
  const other = otherSide(seat);
  if (other === null) return null;
  const newest = await db
    .selectFrom('p2p_messages')
    .select(['id', 'client_id'])
    .where('trade_id', '=', seat.tradeId)
    .where('author_id', '!=', seat.userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest === undefined) return null;
  // Two tabs reading at once: the row moves forward once, and only the move that wins is told.
  const moved = await db
    .insertInto('p2p_chat_reads')
    .values({ trade_id: seat.tradeId, user_id: seat.userId, read_through: newest.id })
    .onConflict((conflict) =>
      conflict
        .columns(['trade_id', 'user_id'])
        .doUpdateSet((eb) => ({
          read_through: eb.ref('excluded.read_through'),
          read_at: sql<Date>`now()`,
        }))
        .where((eb) => eb('p2p_chat_reads.read_through', '<', eb.ref('excluded.read_through'))),
    )
    .returning('read_through')
    .executeTakeFirst();
  if (moved === undefined) return null;
  return { messageId: newest.id, through: newest.client_id, userIds: [other] };
}

/**
 * The client id of the newest message the other side has read, for `seat`'s "Seen"; null when
 * it has read none yet, and for staff, who are no side.
 */
export async function otherSideReadThrough(db: Queryable, seat: ChatSeat): Promise<string | null> {
  const other = otherSide(seat);
  if (other === null) return null;
  const row = await db
    .selectFrom('p2p_chat_reads as r')
    .innerJoin('p2p_messages as m', 'm.id', 'r.read_through')
    .select('m.client_id')
    .where('r.trade_id', '=', seat.tradeId)
    .where('r.user_id', '=', other)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

/** How many messages others wrote that `seat`'s side has not read yet; 0 for staff. */
export async function unreadTradeMessages(db: Queryable, seat: ChatSeat): Promise<number> {
  if (otherSide(seat) === null) return 0;
  const row = await db
    .selectFrom('p2p_messages as m')
    .leftJoin('p2p_chat_reads as r', (join) =>
      join.onRef('r.trade_id', '=', 'm.trade_id').on('r.user_id', '=', seat.userId),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('m.trade_id', '=', seat.tradeId)
    .where('m.author_id', '!=', seat.userId)
    .where((eb) =>
      eb.or([eb('r.read_through', 'is', null), eb('m.id', '>', eb.ref('r.read_through'))]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
