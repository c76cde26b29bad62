/**
 * Where one part of the server announces news that another part pushes to the open sockets it
 * concerns (balances that moved), so neither needs to know the other. Newer news between domains
 * travels on the event bus (server/events/) instead.
 */

/** Hears one piece of news. */
export type NewsListener<T> = (news: T) => void;

/** The announcements of one kind of news, and who listens to them. */
export class Announcer<T> {
  private readonly listeners = new Set<NewsListener<T>>();

  /** Tells every listener (call it after the commit that made the news). */
  announce(news: T): void {
    for (const listener of this.listeners) listener(news);
  }

  /** Adds a listener; returns the function that removes it. */
  onChange(listener: NewsListener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
