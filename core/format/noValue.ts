/** What a figure that does not exist yet (a pair that never traded) shows. */
export const NO_VALUE = '—';
