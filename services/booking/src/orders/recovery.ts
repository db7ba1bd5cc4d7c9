import type { OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Checkout } from './checkout';
import type { StoredOrder } from './order-model';
import type { OrdersRepository } from './orders-repository';
import type { Refunds } from './refunds';

/** Batches one sweep takes at most, so a sweep ends and the next interval starts one afresh. */
const MAX_BATCHES_PER_SWEEP = 100;

export interface OrderRecoveryOptions {
  /** An order in progress whose last change is older than this is taken over (default one minute). */
  staleAfterMs?: number;
  /** Time between sweeps (default 30 s). */
  intervalMs?: number;
  /** Orders per sweep. */
  batchSize?: number;
}

/**
 * Drives forward the orders a crash (or a provider outage) left in progress,
 * and hands the relay again the paid orders whose order.paid it has not
 * published (a crash between the payment and the publication, a broker
 * outage), and refunds left under way (refunds.ts): on start and then every `intervalMs`. Safe to run beside live requests
 * (and, on MongoDB, on several instances): every step is idempotent and each
 * state change is made only from the state it was decided on.
 */
export class OrderRecovery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly staleAfterMs: number;
  private readonly intervalMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly checkout: Checkout,
    private readonly refunds: Refunds,
    private readonly orders: OrdersRepository,
    private readonly relay: OutboxRelay,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
    { staleAfterMs = 60_000, intervalMs = 30_000, batchSize = 50 }: OrderRecoveryOptions = {},
  ) {
    this.staleAfterMs = staleAfterMs;
    this.intervalMs = intervalMs;
    this.batchSize = batchSize;
  }

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass (or the pass already running); answers how many orders it took forward. */
  sweep(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Batch after batch while batches come full and each one moved forward: a crash in a presale can leave thousands
   * of paid orders unpublished (the relay's backlog), which one batch per interval would take many minutes to send.
   */
  private async pass(): Promise<number> {
    let driven = 0;
    try {
      let previous = new Set<string>();
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        const { stuck, unpublished } = await this.orders.leftBehindSince(
          new Date(this.clock().getTime() - this.staleAfterMs),
          this.batchSize,
        );
        const ids = [...unpublished, ...stuck.map((order) => order._id)].map(String);
        // An order of the last batch still here: this batch would not move forward (a failing provider or broker).
        if (ids.some((id) => previous.has(id))) break;
        previous = new Set(ids);
        for (const id of unpublished) this.relay.nudge(id);
        for (const order of stuck) driven += await this.driveStuck(order);
        if (ids.length < this.batchSize) break;
        // The nudged orders published (and their marks ended) before the next batch is read.
        await this.relay.flush();
      }
      driven += await this.refundsLeftBehind();
    } catch (error) {
      this.log?.warn({ err: (error as Error).message }, 'order recovery sweep failed; will retry');
    }
    return driven;
  }

  /** 1 when the order was driven forward, 0 when that failed (the next sweep tries again). */
  private async driveStuck(order: StoredOrder): Promise<number> {
    try {
      const result = await this.checkout.drive(order);
      this.log?.info(
        { orderId: order._id.toHexString(), from: order.state, outcome: result.outcome },
        'recovered an order left in progress',
      );
      return 1;
    } catch (error) {
      this.log?.warn(
        { orderId: order._id.toHexString(), state: order.state, err: (error as Error).message },
        'order recovery failed; will retry',
      );
      return 0;
    }
  }

  private async refundsLeftBehind(): Promise<number> {
    let driven = 0;
    const stuck = await this.orders.refundsLeftBehindSince(new Date(this.clock().getTime() - this.staleAfterMs), this.batchSize);
    for (const order of stuck) {
      const refundId = order.refunding?.id;
      try {
        const result = await this.refunds.drive(order);
        driven += 1;
        this.log?.info({ orderId: order._id.toHexString(), refundId, outcome: result.outcome }, 'recovered a refund left under way');
      } catch (error) {
        this.log?.warn({ orderId: order._id.toHexString(), refundId, err: (error as Error).message }, 'refund recovery failed; will retry');
      }
    }
    return driven;
  }
}
