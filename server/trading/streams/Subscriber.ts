/** One listener of the market streams: a socket, or anything that can take a frame. */
export interface Subscriber {
  /** The account a private stream may be read for, or null (a public socket). */
  readonly userId: number | null;
  /**
   * Takes one frame's UTF-8 JSON text: a message, or a JSON array of messages. The same buffer
   * goes to every subscriber that gets the frame, so it must be sent as is, never changed.
   */
  sendFrame(frame: Buffer): void;
}
