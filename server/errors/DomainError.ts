/**
 * An error the caller can act on: the transport answers `{status: false, error_msg}` with its
 * message (plus any extra reply fields) instead of the generic server-error text.
 */
export class DomainError extends Error {
  override name = 'DomainError';

  /** `fields` are merged into the reply, e.g. `config` for a signed-out users.getInfo. */
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
