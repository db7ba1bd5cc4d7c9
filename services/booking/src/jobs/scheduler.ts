import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, exponential, type Job } from 'agenda';
import type { FastifyBaseLogger } from 'fastify';
import { Types, type Collection, type Connection } from 'mongoose';

export interface SchedulerOptions {
  /** How often the scheduler looks for jobs due (default 1 s). */
  processEveryMs?: number;
  /**
   * How long a job stays locked by the process running it without a sign of life (default one minute): a
   * job whose process died is taken over by another one once this has passed (a process that stops in
   * good order unlocks its jobs at once).
   */
  lockLifetimeMs?: number;
  /**
   * A run that failed (the database went away under it, then came back) is run again this long after
   * (default 5 s), twice as long after each further failure, at most five minutes apart.
   */
  retryAfterMs?: number;
}

/** Failed runs of a job retried before it is left failed (about an hour and a quarter of them, at the default pace). */
const MAX_RETRIES = 20;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** What a job's handler may do while it runs: say it is alive (extending its lock). */
export interface RunningJob {
  touch(): Promise<void>;
}

/**
 * Background jobs that outlive a request and a restart, on the service's own database: Agenda
 * (https://github.com/agenda/agenda) on its MongoDB backend, collection `agendaJobs`. Checked on
 * FerretDB v1 (no transactions, a subset of aggregation): Agenda locks a job with one findOneAndUpdate and
 * needs neither. A job is one document; a process that dies leaves it locked until `lockLifetimeMs`,
 * then another process runs it again from the start, so every handler must be idempotent.
 */
export class Scheduler {
  private readonly agenda: Agenda;
  private readonly jobs: Collection<{ _id: Types.ObjectId; nextRunAt: Date | null }>;
  private readonly lockLifetimeMs: number;
  private readonly retryAfterMs: number;
  /** The jobs running in this process, by their documents' ids. */
  private readonly running = new Map<string, Types.ObjectId>();
  private started = false;
  private starting?: Promise<void>;
  /** Work of other plugins to do once started (their `every`), in the order given. */
  private readonly afterStart: Array<() => Promise<void>> = [];

  constructor(
    db: Connection,
    private readonly log?: FastifyBaseLogger,
    { processEveryMs = 1_000, lockLifetimeMs = 60_000, retryAfterMs = 5_000 }: SchedulerOptions = {},
  ) {
    if (!db.db) throw new Error('the scheduler needs a connected database');
    this.lockLifetimeMs = lockLifetimeMs;
    this.retryAfterMs = retryAfterMs;
    this.jobs = db.collection('agendaJobs');
    this.agenda = new Agenda({
      backend: new MongoBackend({ mongo: db.db as never }),
      processEvery: processEveryMs,
      defaultLockLifetime: lockLifetimeMs,
    });
    this.agenda.on('error', (error: Error) => this.log?.warn({ err: error.message }, 'job scheduler error'));
  }

  /**
   * The handler of the jobs named `name`. A failure is logged and the job runs again on its own (retryAfterMs,
   * backing off): a database outage in the middle of a run would otherwise leave it failed until someone asked again.
   */
  define<DATA>(name: string, handler: (data: DATA, job: RunningJob) => Promise<void>): void {
    this.agenda.define<DATA>(
      name,
      async (job: Job<DATA>) => {
        const id = String(job.attrs._id);
        this.running.set(id, new Types.ObjectId(id));
        try {
          await handler(job.attrs.data, { touch: async () => void (await job.touch()) });
        } catch (error) {
          this.log?.warn({ job: name, err: (error as Error).message }, 'background job failed');
          throw error;
        } finally {
          this.running.delete(id);
        }
      },
      {
        lockLifetime: this.lockLifetimeMs,
        concurrency: 1,
        backoff: exponential({ delay: this.retryAfterMs, factor: 2, maxDelay: MAX_RETRY_DELAY_MS, maxRetries: MAX_RETRIES }),
      },
    );
  }

  /** Runs `name` with `data` now, once per `key` (the same key while it is queued or running is the same job). */
  async runNow<DATA extends Record<string, unknown>>(name: string, data: DATA, key: Partial<DATA>): Promise<void> {
    const unique = Object.fromEntries(Object.entries(key).map(([field, value]) => [`data.${field}`, value]));
    await this.agenda
      .create(name, data)
      .unique({ name, ...unique })
      .schedule(new Date())
      .save();
  }

  /**
   * Runs `name` every `intervalMs` (one job for every process: it keeps its place across restarts); the first run
   * right away unless `skipImmediate` (the service does that work as it starts).
   */
  async every(name: string, intervalMs: number, { skipImmediate = false } = {}): Promise<void> {
    await this.agenda.every(intervalMs, name, undefined, { skipImmediate });
  }

  /**
   * Starts taking jobs, in the background (the service is ready meanwhile: Agenda's start writes its indexes);
   * `then` runs once it has started. A failure is logged.
   */
  start(then: () => Promise<void> = async () => undefined): void {
    this.starting = this.agenda
      .start()
      .then(async () => {
        this.started = true;
        await then();
        for (const work of this.afterStart) await work();
      })
      .catch((error: Error) => this.log?.error({ err: error.message }, 'the job scheduler did not start'));
  }

  /** When the recurring job `name` runs next (undefined: not scheduled). */
  async nextRunOf(name: string): Promise<Date | undefined> {
    const job = await this.jobs.findOne({ name, type: 'single' } as never);
    return job?.nextRunAt ?? undefined;
  }

  /** Runs `work` once the scheduler has started (a plugin registered after the jobs plugin schedules its `every` so). */
  whenStarted(work: () => Promise<void>): void {
    this.afterStart.push(work);
  }

  /**
   * Stops taking jobs and hands the ones running here back, unlocked and due now, so another process takes
   * them at once (Agenda leaves a running job locked until its lock lapses, and a one-off job's next run was
   * cleared when it started).
   */
  async stop(): Promise<void> {
    await this.starting;
    if (!this.started) return;
    this.started = false;
    const now = new Date();
    for (const id of this.running.values()) await this.jobs.updateOne({ _id: id }, { $set: { nextRunAt: now }, $unset: { lockedAt: '' } });
    await this.agenda.stop(false);
  }
}
