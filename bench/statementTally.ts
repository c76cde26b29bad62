/**
 * Counts the statements a server sends to PostgreSQL through its pool, by what they do (the
 * first word and first table, or a `with` statement's first words), for benches that tell what a
 * path costs in statements. Counted in the driver, each time a connection sends one: pipelined
 * `begin` and `commit` too, and the listening connection's.
 */
import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/** See the file comment. */
export class StatementTally {
  private readonly counts = new Map<string, number>();
  private readonly watched = new WeakSet<object>();

  /** Counts what `pool`'s connections send from now on. */
  watch(pool: pg.Pool): void {
    pool.on('acquire', (client) => {
      if (this.watched.has(client)) return;
      this.watched.add(client);
      const query = client.query.bind(client) as Query;
      (client as unknown as { query: Query }).query = (...args: unknown[]) => {
        this.count(args[0]);
        return query(...args);
      };
    });
  }

  /** Starts counting afresh. */
  reset(): void {
    this.counts.clear();
  }

  /** Statements counted since the last reset. */
  get total(): number {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }

  /** Each kind's count since the last reset, the most frequent first. */
  byKind(): [kind: string, count: number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1]);
  }

  private count(query: unknown): void {
    const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
    const kind = kindOf(text ?? 'unknown');
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }
}

// A statement by its first word and first table; a `with` statement by its first words.
function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (flat.startsWith('with')) return flat.slice(0, 70);
  const verb = flat.split(' ', 1)[0] ?? '';
  const table = flat.match(/\b(?:from|into|update) "?([a-z_]+)"?/)?.[1];
  return table === undefined ? flat.slice(0, 40) : `${verb} ${table}`;
}
