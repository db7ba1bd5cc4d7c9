import type { ShowCancellationView } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Types, type Collection, type Connection } from 'mongoose';
import type { RunningJob, Scheduler } from '../jobs/scheduler';
import type { Refunds, ShowRefundCounts } from '../orders/refunds';

const JOB = 'show.cancel-refunds';

const QUEUED = 'Función cancelada: las compras se reembolsarán en unos instantes.';
const RUNNING = 'Función cancelada: reembolsando las compras.';
const DONE = 'Función cancelada: compras reembolsadas.';
const DONE_WITH_FAILURES =
  'Algunas compras de la función no se pudieron reembolsar ahora; vuelve a cancelarla para reintentarlo (ninguna se reembolsa dos veces).';

interface CancellationDocument extends ShowRefundCounts {
  /** The show's id: one cancellation per show. */
  _id: string;
  reason: string;
  state: 'queued' | 'running' | 'done';
  requestedAt: Date;
  /** The run that may write its progress: a run taken over (its process stopped) writes nothing more. */
  runId?: string;
  finishedAt?: Date;
  updatedAt: Date;
}

/** The run was taken over by another (its lock lapsed): it stops where it is. */
class RunTakenOver extends Error {}

/**
 * A show's cancellation as a background job (jobs/scheduler.ts): the request marks the show cancelled,
 * records the cancellation in `show_cancellations` and queues the job, which refunds the show's paid
 * orders (Refunds.refundShow) writing its progress after each order. The job is idempotent: a restart
 * runs it again from the start, and refundShow counts the orders refunded, takes a refund left under way
 * forward with its own idempotency key, and refunds nothing twice. The same request again, once done,
 * runs it again for the orders that could not be refunded.
 */
export class ShowCancellations {
  private readonly cancellations: Collection<CancellationDocument>;

  constructor(
    db: Connection,
    private readonly refunds: Refunds,
    private readonly scheduler: Scheduler,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.cancellations = db.collection<CancellationDocument>('show_cancellations');
    scheduler.define<{ showId: string }>(JOB, ({ showId }, job) => this.run(showId, job));
  }

  /** Queues the refunds of the (already cancelled) show; answers the cancellation as it is now. */
  async request(showId: string, reason: string): Promise<ShowCancellationView> {
    const now = this.clock();
    try {
      await this.cancellations.insertOne({
        _id: showId,
        reason,
        state: 'queued',
        total: 0,
        refunded: 0,
        failed: [],
        requestedAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Done before: run again for what is left (queued or running: that run goes on).
      await this.cancellations.updateOne(
        { _id: showId, state: 'done' },
        { $set: { state: 'queued', reason, requestedAt: now, updatedAt: now }, $unset: { finishedAt: '' } },
      );
    }
    await this.scheduler.runNow(JOB, { showId }, { showId });
    return (await this.view(showId)) as ShowCancellationView;
  }

  async view(showId: string): Promise<ShowCancellationView | null> {
    const found = await this.cancellations.findOne({ _id: showId });
    if (!found) return null;
    const { _id, state, total, refunded, failed, reason, requestedAt, finishedAt } = found;
    return {
      jobId: _id,
      showId: _id,
      state,
      total,
      refunded,
      failed,
      reason,
      message: state === 'queued' ? QUEUED : state === 'running' ? RUNNING : failed.length > 0 ? DONE_WITH_FAILURES : DONE,
      requestedAt: requestedAt.toISOString(),
      ...(finishedAt ? { finishedAt: finishedAt.toISOString() } : {}),
    };
  }

  private async run(showId: string, job: RunningJob): Promise<void> {
    const runId = new Types.ObjectId().toHexString();
    const started = await this.cancellations.findOneAndUpdate(
      { _id: showId },
      { $set: { state: 'running', runId, updatedAt: this.clock() } },
      { returnDocument: 'after' },
    );
    if (!started) return;
    try {
      const counts = await this.refunds.refundShow(showId, started.reason, async ({ total, refunded, failed }) => {
        const written = await this.cancellations.updateOne(
          { _id: showId, runId },
          { $set: { total, refunded, failed, updatedAt: this.clock() } },
        );
        if (written.matchedCount === 0) throw new RunTakenOver();
        await job.touch();
      });
      const now = this.clock();
      await this.cancellations.updateOne({ _id: showId, runId }, { $set: { ...counts, state: 'done', finishedAt: now, updatedAt: now } });
      this.log?.info({ showId, ...counts }, 'show cancelled: orders refunded');
    } catch (error) {
      if (error instanceof RunTakenOver) return;
      throw error;
    }
  }
}
