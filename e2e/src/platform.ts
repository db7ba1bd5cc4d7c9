import { startNpmStart, type StartedPlatform } from '@cine/infra/dist/testing/npm-start';

export { ADMIN_EMAIL, ADMIN_PASSWORD, stopNpmStart as stopPlatform } from '@cine/infra/dist/testing/npm-start';
export type RunningPlatform = StartedPlatform;

/** The door window the e2e platform runs with (booking's DOOR_OPENS_MINUTES_BEFORE). */
export const DOOR_OPENS_MINUTES_BEFORE = 24 * 60;

/** The README's `npm start` on free ports with a fresh data directory. */
export function startPlatform(): Promise<RunningPlatform> {
  return startNpmStart({
    AUTH_RATE_LIMIT: '1000',
    // Every browser of the tests is 127.0.0.1: the per-address hold limit would count them as one person.
    MAX_HELD_SEATS_PER_ADDRESS: '1000',
    // The door admits a show's tickets from a day before its start: the journeys use today's and tomorrow's
    // seeded shows, whatever the hour; a show three days ahead is still too early.
    DOOR_OPENS_MINUTES_BEFORE: String(DOOR_OPENS_MINUTES_BEFORE),
  });
}
