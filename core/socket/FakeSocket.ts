/**
 * A WebSocket stand-in that tests drive by hand: it keeps every socket made and what each sent,
 * and opens, receives, fails and closes only when the test says so. The socket, stream and chat
 * tests of core/ and site/ share it; no product code imports it.
 */
export class FakeSocket {
  /** Every socket made since the test last emptied the list. */
  static all: FakeSocket[] = [];
  readyState = 0;
  /** Every frame sent, as written. */
  sent: string[] = [];
  /** The code `close` was called with; null until closed. */
  closedWith: number | undefined | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  /** The socket made last. */
  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (socket === undefined) throw new Error('no socket was made');
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  /** Every frame sent, read as JSON. */
  sentJson(): unknown[] {
    return this.sent.map((data) => JSON.parse(data));
  }

  close(code?: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.();
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  /** A frame from the server, as it arrives. */
  deliver(data: string): void {
    this.onmessage?.({ data });
  }

  /** A frame from the server, written as JSON. */
  frame(message: unknown): void {
    this.deliver(JSON.stringify(message));
  }

  /** The network fails: an error, then the close that follows it. */
  fail(): void {
    this.onerror?.();
    this.close();
  }
}
