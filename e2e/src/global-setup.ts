import { startPlatform, type RunningPlatform } from './platform';

declare global {
  var cinePlatform: RunningPlatform | undefined;
}

/** Reads of the show count this far apart that agree mean the seed is done. */
const SEED_SETTLED_MS = 3_000;
const SEED_DEADLINE_MS = 120_000;

/**
 * The booking seed adds each movie's shows as catalog announces the movie, after `npm start` reports
 * ready: on a slow machine the first journeys would see a billboard still growing. Wait until the count
 * of shows stops moving (the journeys then compare what a page lists with what the API answers).
 */
async function seedSettled(baseUrl: string): Promise<void> {
  const deadline = Date.now() + SEED_DEADLINE_MS;
  let last = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/show/all?page=1&pageSize=10`);
    const count = response.ok ? ((await response.json()) as { total: number }).total : -1;
    if (count !== last) {
      last = count;
      since = Date.now();
    } else if (count > 0 && Date.now() - since >= SEED_SETTLED_MS) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the seeded shows did not settle within ${SEED_DEADLINE_MS / 1000} s (last count ${last})`);
}

export default async function globalSetup(): Promise<void> {
  const platform = await startPlatform();
  globalThis.cinePlatform = platform;
  process.env.E2E_BASE_URL = platform.baseUrl;
  process.env.E2E_OUTBOX_DIR = platform.outboxDir;
  await seedSettled(platform.baseUrl);
}
