/**
 * An error the caller can act on: the transport answers `{status: false, error_msg, error_code}`
 * (and `param` when it names one) instead of the generic server-error text. Thrown by code from
 * the catalogue in core/errors, so the server and the browser say the same thing.
 */
import {
  type ArgsFor,
  type ErrorCode,
  type ErrorReport,
  refusalOf,
} from '../../core/errors/index.ts';

/** A catalogued refusal on its way to the caller. */
export class DomainError extends Error implements ErrorReport {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly param?: string;

  /** `fields` are merged into the reply, e.g. `config` for a signed-out users.getInfo. */
  constructor(
    refusal: ErrorReport,
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(refusal.message);
    this.code = refusal.code;
    if (refusal.param !== undefined) this.param = refusal.param;
  }

  /** The same refusal with `fields` added to its reply. */
  with(fields: Readonly<Record<string, unknown>>): DomainError {
    return new DomainError(this, { ...this.fields, ...fields });
  }
}

/** The refusal named by `code`, its message filled with `args`: `throw refusal('…', {…})`. */
export function refusal<C extends ErrorCode>(code: C, ...args: ArgsFor<C>): DomainError {
  return new DomainError(refusalOf(code, ...args));
}
