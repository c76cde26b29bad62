/**
 * The withdrawal address book: addresses an account saves with a label, and the choice to
 * withdraw only to them. A saved address can be used a day after it is added, and turning the
 * choice off pauses withdrawals for a day too, so a stolen session cannot add its own address
 * and empty the account at once.
 */

/** One saved address. */
export interface SavedAddress {
  id: number;
  network: string;
  address: string;
  /** The destination tag, on networks that have one (XRP), or null. */
  tag: number | null;
  /** The owner's name for it ("My hardware wallet"), up to 40 characters. */
  label: string;
  /** ISO time it was added. */
  addedAt: string;
  /** ISO time withdrawals to it may start. */
  usableFrom: string;
}

/** The address book as its owner sees it. */
export interface AddressBook {
  addresses: SavedAddress[];
  /** True when withdrawals go only to saved addresses that have waited their day. */
  onlySaved: boolean;
}

/** The address-book methods, joined into the protocol's method map. */
export interface AddressBookMethods {
  /** The caller's saved addresses, newest first, and whether withdrawals go only to them. */
  'addressBook.getMine': { params: Record<string, never>; result: AddressBook };
  /** Saves an address for a network (checked as a withdrawal's would be); the 2FA code when on. */
  'addressBook.add': {
    params: { network: string; address: string; tag?: string; label: string; code?: string };
    result: { address: SavedAddress };
  };
  /** Removes one of the caller's saved addresses. */
  'addressBook.remove': { params: { id: number }; result: AddressBook };
  /** Withdraw only to saved addresses (on at once) or to any (off: withdrawals pause a day). */
  'addressBook.setOnlySaved': {
    params: { onlySaved: boolean; code?: string };
    result: AddressBook;
  };
}
