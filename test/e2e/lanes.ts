/**
 * Each Playwright project runs in a lane of ports of its own: its shared server, its partner site
 * and the servers its specs start for themselves. So the projects run side by side (one worker
 * each) without meeting on a port or in a database, and a spec sees only what its own lane wrote.
 */

/** The first port of the first lane; a second run of the suite beside this one picks another. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 4200);

/** The projects, by name, with the first port of each lane above E2E_PORT. */
export const LANES = { localhost: 0, '127.0.0.1': 100, postgres: 200 } as const;

/** A project's name. */
export type Lane = keyof typeof LANES;

/**
 * The ports the Fetch standard calls bad (https://fetch.spec.whatwg.org/#bad-port) from 3000 up:
 * Chromium and Node's fetch refuse them outright ("bad port"), so a server there looks as if it
 * never started. The lanes once put the swap spec's server on 4045.
 */
const BAD_PORTS = new Set([
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A port of a lane: its shared server at offset 0, its partner site at 1, spec servers above. */
export function lanePort(lane: Lane, offset = 0): number {
  const port = E2E_PORT + LANES[lane] + offset;
  if (BAD_PORTS.has(port)) {
    throw new Error(
      `Port ${port} (lane ${lane}, offset ${offset}) is one browsers refuse; pick another offset or E2E_PORT.`,
    );
  }
  return port;
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
