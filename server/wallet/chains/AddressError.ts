/** A destination a withdrawal cannot go to, with a message that tells the person what to fix. */
import type { ErrorReport } from '../../../core/errors/index.ts';
import { DomainError } from '../../errors/DomainError.ts';

/**
 * What is wrong: nothing entered, not this network's shape, a checksum that does not match (a
 * mistyped character), an address of another network, or a missing or malformed tag.
 */
export type AddressProblem = 'empty' | 'format' | 'checksum' | 'network' | 'tag';

/** Thrown by validateAddress; the transport answers with its catalogued refusal. */
export class AddressError extends DomainError {
  override name = 'AddressError';

  constructor(
    readonly problem: AddressProblem,
    refusal: ErrorReport,
  ) {
    super(refusal);
  }
}
