/**
 * Where a change of some accounts' balances outside the spot market (a transfer, a deposit, a
 * withdrawal) is announced, with the ids of those accounts, so the accounts' open private streams
 * send their wallets again: the recipient of a transfer sees it arrive without reloading.
 */
import { Announcer } from '../live/Announcer.ts';

/** The announcements of balance changes, and who listens to them. */
export class BalanceChanges extends Announcer<readonly number[]> {}
