import type { OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Checkout } from './checkout';
import type { OrdersRepository } from './orders-repository';
import type { Refunds } from './refunds';

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

  private async pass(): Promise<number> {
    let driven = 0;
    try {
      const { stuck, unpublished } = await this.orders.leftBehindSince(
        new Date(this.clock().getTime() - this.staleAfterMs),
        this.batchSize,
      );
      for (const id of unpublished) this.relay.nudge(id);
      for (const order of stuck) {
        try {
          const result = await this.checkout.drive(order);
          driven += 1;
          this.log?.info(
            { orderId: order._id.toHexString(), from: order.state, outcome: result.outcome },
            'recovered an order left in progress',
          );
        } catch (error) {
          this.log?.warn(
            { orderId: order._id.toHexString(), state: order.state, err: (error as Error).message },
            'order recovery failed; will retry',
          );
        }
      }
      driven += await this.refundsLeftBehind();
    } catch (error) {
      this.log?.warn({ err: (error as Error).message }, 'order recovery sweep failed; will retry');
    }
    return driven;
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
