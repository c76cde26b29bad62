/**
 * Every API method the server answers, with its access level. Methods of protocol.ts missing
 * here (faq.getItems, support.getHistory, push.subscribe) are not built yet and answer
 * 'Unknown method'.
 */
import { currencyMethods } from './currencies.ts';
import { metricMethods } from './metrics.ts';
import type { Method } from './registry.ts';
import { userMethods } from './users.ts';

/** The registered methods, in no particular order. */
export const methods: readonly Method[] = [...userMethods, ...currencyMethods, ...metricMethods];

/** The registered methods by wire name. */
export const methodsByName: ReadonlyMap<string, Method> = new Map(
  methods.map((method) => [method.name, method]),
);
