/** Pure market maths shared by the browser and the server: pairs, ticks, lots and notionals. */

export * from './bookMirror.ts';
export * from './decimal.ts';
export * from './fees.ts';
export * from './marginPrice.ts';
export * from './pairs.ts';
export * from './swapSteps.ts';
export * from './units.ts';
