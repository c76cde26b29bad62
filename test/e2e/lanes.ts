/**
 * Each Playwright project runs in a lane of ports of its own: its shared server, its partner site
 * and the servers its specs start for themselves. So the projects run side by side (one worker
 * each) without meeting on a port or in a database, and a spec sees only what its own lane wrote.
 */

/** The first port of the first lane; a second run of the suite beside this one picks another. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);

/** The projects, by name, with the first port of each lane above E2E_PORT. */
export const LANES = { localhost: 0, '127.0.0.1': 100, postgres: 200 } as const;

/** A project's name. */
export type Lane = keyof typeof LANES;

/** A port of a lane: its shared server at offset 0, its partner site at 1, spec servers above. */
export function lanePort(lane: Lane, offset = 0): number {
  return E2E_PORT + LANES[lane] + offset;
}

/** The lane of a project, by its name (test.info().project.name). */
export function laneOf(projectName: string): Lane {
  if (!(projectName in LANES)) throw new Error(`No port lane for the project "${projectName}".`);
  return projectName as Lane;
}

/** The lane's partner site, a third-party origin its shared server lists in ALLOWED_ORIGINS. */
export function partnerOrigin(lane: Lane): string {
  return `http://127.0.0.1:${lanePort(lane, 1)}`;
}
