import type { OrderView, RefundRequest, RefundOrigin } from '@cine/contracts';
import { Types } from 'mongoose';
import { refundAmount as refundedCents, refunds } from '../metrics';
import { isRefusal, refuse, type Refusal, type Result } from '../refusal';
import { drive, type StepOutcome } from './drive';
import type { OrderChange } from './order';
import type { StoredOrder } from './order-model';
import type { OrderParts } from './order-effects';
import * as Refund from './order-refund';
import { stillPaid } from './refund-rules';

const REFUNDED = 'Compra reembolsada.';
const PARTLY_REFUNDED = 'Reembolso realizado.';
const NOT_COMPLETED = 'El reembolso no se pudo completar. La compra sigue pagada; puedes intentarlo de nuevo.';
const CANCELLED_BY_BUYER = 'Cancelada por el comprador';

export const PROVIDER_UNAVAILABLE =
  'No pudimos confirmar la devolución con el proveedor de pagos. La compra sigue pagada; intenta de nuevo: el dinero no se devolverá dos veces.';

function tooLateToCancel(windowMinutes: number): string {
  return `Ya no se puede cancelar esta compra: se puede cancelar hasta ${windowMinutes} minutos antes de la función.`;
}

function providerRefused(code: string): string {
  return `El proveedor de pagos no pudo devolver el dinero (${code}). La compra sigue pagada; puedes intentarlo de nuevo más tarde.`;
}

/** The refund done, or why not (`provider-refused`: the provider refused it, the order stays paid). */
export type RefundResult = Result<{ outcome: 'refunded'; message: string; order: OrderView }>;

/** A show's cancellation refunds: `refunded` of its `total` paid orders; `failed` those to retry. */
export interface ShowRefundCounts {
  total: number;
  refunded: number;
  failed: string[];
}

/**
 * Refunds of paid orders, driven as the checkout is (order.ts `drive`) over the order's `refunding`
 * (order-refund.ts: requested → money-returned → done): every step idempotent and ended by one
 * conditional write, so a request, or the recovery sweep after a crash, takes a refund forward from
 * where it stopped. The refunded seats' tickets are refused at the door first (a ticket admitted
 * meanwhile stops the refund), then the money goes back (asking again never refunds twice), then the
 * seats and candy, and one write records the refund with its order.refunded. A provider that refuses
 * leaves the order and its tickets as they were; one that fails or does not answer leaves the refund for
 * the same request again or the sweep. One refund at a time per order.
 */
export class Refunds {
  constructor(private readonly parts: OrderParts) {}

  /** The buyer cancels the whole order (what is left of it), only before the window. Another user's order is unknown. */
  async cancel(orderId: string, userId: string): Promise<RefundResult> {
    const order = await this.find(orderId);
    if (!order || order.userId !== userId) return refuse('not-found', Refund.ORDER_NOT_FOUND);
    const { until, windowMinutes } = this.parts.effects.cancellableUntil(order);
    // A cancellation under way (its provider did not answer) is finished whatever the time: the money may be back already.
    if (!order.refunding && this.parts.clock() >= until) return refuse('conflict', tooLateToCancel(windowMinutes));
    return this.refund(order, {}, CANCELLED_BY_BUYER, 'buyer');
  }

  /** An admin refunds the seats and candy lines chosen (none chosen: all still paid); no window. */
  async refundByAdmin(orderId: string, { seatLabels, candyIds, reason }: RefundRequest): Promise<RefundResult> {
    const order = await this.find(orderId);
    if (!order) return refuse('not-found', Refund.ORDER_NOT_FOUND);
    return this.refund(order, { seatLabels, candyIds }, reason, 'admin');
  }

  /**
   * The show is cancelled (off sale already): every paid order of it is refunded whole; `progress` hears
   * the count after each order. Answers how many are refunded (those refunded before included) of how
   * many, and which could not be yet, among them the orders still being paid (a card charged while the
   * show was cancelled): the same cancellation again refunds them once they are paid. Run again (a
   * restart), it refunds nothing twice: an order refunded is counted, a cancellation refund left under
   * way is taken forward with its own idempotency key.
   */
  async refundShow(
    showId: string,
    reason: string,
    progress: (counts: ShowRefundCounts) => Promise<void> = async () => undefined,
  ): Promise<ShowRefundCounts> {
    const { orders, log } = this.parts;
    const paying = (await orders.payingOfShow(showId)).map((order) => order._id.toHexString());
    const paid = await orders.paidOfShow(showId);
    const wholeBefore = (order: StoredOrder) => (order.refundedAmount ?? 0) >= order.total;
    const counts: ShowRefundCounts = { total: paid.length, refunded: paid.filter(wholeBefore).length, failed: [] };
    await progress(counts);
    for (const order of paid) {
      if (wholeBefore(order)) continue;
      const refunding = order.refunding?.by === 'show-cancelled' ? this.drive(order) : this.refund(order, {}, reason, 'show-cancelled');
      const result = await refunding.catch((error: unknown): RefundResult => {
        log?.warn({ orderId: order._id.toHexString(), err: (error as Error).message }, 'show cancellation refund interrupted');
        return refuse('conflict', PROVIDER_UNAVAILABLE);
      });
      if (!isRefusal(result)) counts.refunded += 1;
      else counts.failed.push(order._id.toHexString());
      await progress(counts);
    }
    counts.failed.push(...paying);
    return counts;
  }

  /** Takes the order's refund under way forward until it ends; throws when the provider fails, leaving it for the sweep. */
  async drive(start: StoredOrder): Promise<RefundResult> {
    const id = start.refunding?.id;
    const ended = await drive<Refusal>(start, {
      underWay: (order) => order.refunding !== undefined && order.refunding.id === id,
      step: (order) => this.step(order),
      reload: (order) => this.parts.orders.findById(order._id),
    });
    if ('stop' in ended) return ended.stop;
    const { order } = ended;
    // Another driver gave it up (the provider refused): the order is as it was.
    if (!id || !Refund.refundOf(order, id)) return refuse('provider-refused', NOT_COMPLETED);
    const message = order.refundedAmount === order.total ? REFUNDED : PARTLY_REFUNDED;
    return { outcome: 'refunded', message, order: await this.parts.effects.view(order) };
  }

  private async find(orderId: string): Promise<StoredOrder | null> {
    return Types.ObjectId.isValid(orderId) && /^[0-9a-f]{24}$/i.test(orderId)
      ? this.parts.orders.findById(new Types.ObjectId(orderId))
      : null;
  }

  private async refund(order: StoredOrder, wanted: Refund.WantedLines, reason: string, by: RefundOrigin): Promise<RefundResult> {
    const request = Refund.refundRequestFor(order, wanted, by);
    if (isRefusal(request)) return request;
    if (request.outcome === 'again') return this.driveAnswering(order);
    const { effects, orders, clock } = this.parts;
    const lines = Refund.refundLines(order, wanted, await effects.admittedSeats(order, stillPaid(order).seatLabels));
    if (isRefusal(lines)) return lines;
    const change = Refund.requestRefund(order, new Types.ObjectId().toHexString(), lines, reason, by, clock());
    if (isRefusal(change)) return change;
    if (!(await orders.write(order, change))) {
      const current = await orders.findById(order._id);
      // Another refund began first: it wins, this one is told. One that ended since: decided again on what is left.
      return current?.refunding || !current ? refuse('conflict', Refund.REFUND_IN_PROGRESS) : this.refund(current, wanted, reason, by);
    }
    return this.driveAnswering(change.after);
  }

  /** `drive`, marking the refund interrupted when the provider throws, so the same request again may take it forward. */
  private async driveAnswering(order: StoredOrder): Promise<RefundResult> {
    try {
      return await this.drive(order);
    } catch (error) {
      const id = order.refunding?.id as string;
      this.parts.log?.warn(
        { orderId: order._id.toHexString(), refundId: id, err: (error as Error).message },
        'refund interrupted; will retry',
      );
      await this.parts.orders.interruptRefund(order, id);
      throw error;
    }
  }

  /** One step from the refund's step: the work, then the move order-refund.ts decides, written. */
  private async step(order: StoredOrder): Promise<StepOutcome<Refusal>> {
    const { effects, clock } = this.parts;
    const refund = order.refunding;
    if (!refund) return order;
    const now = clock();
    switch (refund.step) {
      case 'requested': {
        // The tickets are refused at the door before the money goes back; one admitted since the decision stops the refund.
        const admitted = await effects.stopAtTheDoor(order, refund);
        if (admitted.length > 0) return this.abandon(order, refuse('conflict', Refund.admittedAtTheDoor(admitted)));
        const outcome = await effects.returnMoney(order, refund);
        if (outcome.status === 'failed') {
          const { code, reason } = outcome;
          this.parts.log?.warn({ orderId: order._id.toHexString(), refundId: refund.id, code, reason }, 'the provider refused a refund');
          return this.abandon(order, refuse('provider-refused', providerRefused(code)));
        }
        return this.write(order, Refund.moneyReturned(order, outcome.refundId, now));
      }
      case 'money-returned': {
        await effects.putBack(order, refund);
        // A refund of the whole order gives its code's use back (a partial one keeps it); again after a crash: nothing more.
        if ((order.refundedAmount ?? 0) + refund.amount >= order.total && order.state === 'paid') await effects.releaseCountedPromo(order);
        const done = await this.write(order, Refund.refundDone(order, now));
        if (done) {
          refunds.inc({ by: refund.by });
          refundedCents.inc(refund.amount);
        }
        return done;
      }
    }
  }

  /** The refund is given up: its tickets valid again, the order as before it; the drive answers `why`. */
  private async abandon(order: StoredOrder, why: Refusal): Promise<StepOutcome<Refusal>> {
    await this.parts.effects.reopenAtTheDoor(order, order.refunding as NonNullable<StoredOrder['refunding']>);
    const abandoned = Refund.abandonRefund(order);
    if (!isRefusal(abandoned)) await this.parts.orders.write(order, abandoned);
    return { stop: why };
  }

  private async write(order: StoredOrder, change: Result<OrderChange>): Promise<StoredOrder | null> {
    if (isRefusal(change) || !(await this.parts.orders.write(order, change))) return null;
    if (change.events.length > 0) this.parts.relay.nudge(order._id, change.events);
    return change.after;
  }
}
