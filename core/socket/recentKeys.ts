/** A bounded memory of recent keys, for dropping what was already seen (oldest forgotten first). */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly limit: number) {}

  /** Remembers `key`; false when it was already remembered. */
  remember(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.limit) {
      // A Set iterates in insertion order: the first key is the oldest.
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
    return true;
  }
}
