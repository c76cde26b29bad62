/** server.* methods: what a program asks of the server itself. */
import { params } from '../http/fields.ts';
import { defineMethod, type Method } from './registry.ts';

const getTime = defineMethod({
  name: 'server.getTime',
  access: 'public',
  params: params({}),
  // A signed request's timestamp must be within its window of this clock.
  async handler() {
    return { time: Date.now() };
  },
});

/** The server.* methods. */
export const serverMethods: readonly Method[] = [getTime];
