/**
 * The profile call of the site's start: made before the first render, since it gates every route,
 * rather than from the route effects once the first render has committed. The route effects then
 * skip their own call for that first location, and make it for every later one.
 */
import { loadUser } from '../../core/index.ts';

let started = false;

/** Starts loading the profile as the site starts. */
export function startProfile(): void {
  started = true;
  void loadUser();
}

/** Whether the start's call stands for the first route's; true once at most. */
export function takeStartedProfile(): boolean {
  const was = started;
  started = false;
  return was;
}
