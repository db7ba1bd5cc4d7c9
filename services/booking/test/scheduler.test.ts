import { createTestContext } from '@cine/service-kit/testing';
import { Scheduler } from '../src/jobs/scheduler';

/**
 * The background jobs' scheduler on a real database: a run that fails (the database died under it
 * and came back) is run again on its own, instead of staying failed until someone asks again.
 */
jest.setTimeout(20_000);

let context: Awaited<ReturnType<typeof createTestContext>>;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const scheduler of schedulers.splice(0)) await scheduler.stop();
});
afterAll(() => context.dropDatabase());

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the job scheduler', () => {
  it('runs a job again on its own after a failed run (a database outage), until a run succeeds', async () => {
    // Loosely typed: the options as the code before retries took them.
    const options = { processEveryMs: 50, retryAfterMs: 100 };
    const scheduler = new Scheduler(context.db, undefined, options);
    schedulers.push(scheduler);
    const runs: string[] = [];
    scheduler.define<{ showId: string }>('flaky', async ({ showId }) => {
      runs.push(showId);
      if (runs.length < 3) throw new Error('connection 7 to 127.0.0.1:27017 closed');
    });
    scheduler.start();
    await scheduler.runNow('flaky', { showId: 'a' }, { showId: 'a' });

    await until(() => runs.length === 3, 10_000);
    // The third run's success is saved after its handler returns: read the job until it is (or 5 s pass).
    const readJob = () => context.db.collection('agendaJobs').findOne({ name: 'flaky' });
    let job = await readJob();
    for (const deadline = Date.now() + 5000; (job?.failCount ?? 0) !== 0 && Date.now() < deadline; job = await readJob()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ lastFinishedAt: expect.any(Date) });
    expect(job?.failCount ?? 0).toBe(0);
    // Done: not run again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toEqual(['a', 'a', 'a']);
  });
});
