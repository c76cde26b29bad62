/**
 * addressBook.*: an account holder's saved withdrawal addresses (each usable a day after it is
 * added) and the choice to withdraw only to them; see wallet/addressBook/addressBook.ts.
 */
import { z } from 'zod';
import { params, recordId, words } from '../http/fields.ts';
import {
  addAddress,
  readAddressBook,
  removeAddress,
  setOnlySaved,
} from '../wallet/addressBook/addressBook.ts';
import { networkField } from './deposits.ts';
import { defineMethod, type Method } from './registry.ts';

const getMine = defineMethod({
  name: 'addressBook.getMine',
  access: 'user',
  params: params({}),
  handler: (_params, { caller, db }) => readAddressBook(db, caller.user.id),
});

const add = defineMethod({
  name: 'addressBook.add',
  access: 'user',
  params: params({
    network: networkField(),
    address: words({ max: 128 }),
    tag: words({ max: 16 }).exactOptional(),
    // Checked again after trimming, with a message that says how long a label may be.
    label: words({ max: 100 }),
    code: words({ max: 32 }).exactOptional(),
  }),
  async handler(request, { caller, db, config, limits }) {
    const ctx = { db, key: config.twoFactorKey, limits };
    return { address: await addAddress(ctx, caller.user.id, request) };
  },
});

const remove = defineMethod({
  name: 'addressBook.remove',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, { caller, db }) {
    await removeAddress(db, caller.user.id, id);
    return readAddressBook(db, caller.user.id);
  },
});

const setOnly = defineMethod({
  name: 'addressBook.setOnlySaved',
  access: 'user',
  params: params({
    onlySaved: z.boolean(),
    code: words({ max: 32 }).exactOptional(),
  }),
  async handler({ onlySaved, code }, { caller, db, config, limits }) {
    const ctx = { db, key: config.twoFactorKey, limits };
    await setOnlySaved(ctx, caller.user.id, onlySaved, code);
    return readAddressBook(db, caller.user.id);
  },
});

/** The addressBook.* methods. */
export const addressBookMethods: readonly Method[] = [getMine, add, remove, setOnly];
