import type { OrderView, RefundRequest } from '@cine/contracts';
import type { OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Types } from 'mongoose';
import type { CandyProjection } from '../candy/candy-projection';
import { refundAmount, refunds } from '../metrics';
import type { PaymentProvider } from '../payments';
import { buyerCancellableUntil } from './cancellation';
import { IN_PROGRESS_STATES, type OrderCandyLine, type PendingRefund, type RefundedBy } from './order-model';
import { completedRefund, orderViewOf, type OrdersRepository, type StoredOrder } from './orders-repository';
import type { SeatReservations } from './seat-reservations';

const ORDER_NOT_FOUND = 'No existe la compra.';
const STILL_PAYING = 'La compra todavía se está pagando; espera a que termine para reembolsarla.';
const ALREADY_REFUNDED = 'Esta compra ya fue reembolsada por completo.';
const REFUND_IN_PROGRESS = 'Ya hay un reembolso en curso para esta compra; espera a que termine y vuelve a mirarla.';
const NOTHING_CHOSEN = 'Elige al menos una entrada o un producto del candy para reembolsar.';
const REFUNDED = 'Compra reembolsada.';
const PARTLY_REFUNDED = 'Reembolso realizado.';
const NOT_COMPLETED = 'El reembolso no se pudo completar. La compra sigue pagada; puedes intentarlo de nuevo.';
const CANCELLED_BY_BUYER = 'Cancelada por el comprador';
const UNFULFILLED_ONLY_WHOLE = 'Esta compra se cobró pero no llegó a completarse: solo se puede reembolsar entera.';

export const PROVIDER_UNAVAILABLE =
  'No pudimos confirmar la devolución con el proveedor de pagos. La compra sigue pagada; intenta de nuevo: el dinero no se devolverá dos veces.';

function tooLateToCancel(windowMinutes: number): string {
  return `Ya no se puede cancelar esta compra: se puede cancelar hasta ${windowMinutes} minutos antes de la función.`;
}

function providerRefused(code: string): string {
  return `El proveedor de pagos no pudo devolver el dinero (${code}). La compra sigue pagada; puedes intentarlo de nuevo más tarde.`;
}

function notOfOrder(kind: 'asiento' | 'producto', names: readonly string[]): string {
  return names.length === 1 ? `El ${kind} ${names[0]} no es de esta compra.` : `Los ${kind}s ${names.join(', ')} no son de esta compra.`;
}

function admittedAtTheDoor(labels: readonly string[]): string {
  return labels.length === 1
    ? `La entrada del asiento ${labels[0]} ya se usó para entrar a la sala: no se puede reembolsar.`
    : `Las entradas de los asientos ${labels.join(', ')} ya se usaron para entrar a la sala: no se pueden reembolsar.`;
}

function alreadyRefunded(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} ya fue reembolsado.` : `${names.join(', ')} ya fueron reembolsados.`;
}

export type RefundResult =
  | { outcome: 'refunded'; message: string; order: OrderView }
  /** Nothing was refunded: answered with `status` and the message. */
  | { outcome: 'refused'; status: 400 | 404 | 409; message: string }
  /** The provider refused the refund: the order stays paid (502). */
  | { outcome: 'failed'; message: string };

/** A show's cancellation refunds: `refunded` of its `total` paid orders; `failed` those to retry. */
export interface ShowRefundCounts {
  total: number;
  refunded: number;
  failed: string[];
}

const refused = (status: 400 | 404 | 409, message: string): RefundResult => ({ outcome: 'refused', status, message });

/** The door's record of the order's tickets (tickets/tickets.ts): a ticket admitted is not refunded. */
export interface RefundTickets {
  /** Seats of the order whose tickets were admitted at the door. */
  admittedSeats(orderId: string, seatLabels: readonly string[]): Promise<string[]>;
  /** The seats' tickets are refused at the door from now on; answers those admitted meanwhile (they stay admitted). */
  invalidate(orderId: string, seatLabels: readonly string[]): Promise<string[]>;
  /** The refund did not happen: the seats' tickets are valid again. */
  restore(orderId: string, seatLabels: readonly string[]): Promise<void>;
}

/** What one refund gives back, as decided on the order. */
interface RefundLines {
  seatLabels: string[];
  candy: OrderCandyLine[];
}

/** Seats and candy lines of the order not refunded yet. */
function stillPaid(order: StoredOrder): RefundLines {
  const refunded = order.refunds ?? [];
  const seats = new Set(refunded.flatMap((refund) => refund.seatLabels));
  const candy = new Set(refunded.flatMap((refund) => refund.candy.map((line) => line.candyId)));
  return {
    seatLabels: order.seatLabels.filter((label) => !seats.has(label)),
    candy: order.candy.filter((line) => !candy.has(line.candyId)),
  };
}

/**
 * Refunds of paid orders, as a state machine over the order's `refunding`
 * (order-model.ts: requested → money-returned → done), in the checkout's
 * style: every step idempotent and ended by one conditional write, so a
 * request, or the recovery sweep after a crash, takes a refund forward from
 * where it stopped. The money goes back first (the provider's idempotency key
 * is `refund:<refund id>`, so asking again never refunds twice), then the
 * seats go back on sale and the candy to stock, and one write records the
 * refund with its order.refunded. The refunded seats' tickets are refused at
 * the door before the provider is asked (a ticket admitted meanwhile stops
 * the refund). A provider that refuses leaves the order and its tickets as
 * they were; one that fails or does not answer leaves the refund for the same
 * request again or the sweep. One refund at a time per order.
 */
export class Refunds {
  constructor(
    private readonly seats: SeatReservations,
    private readonly candy: CandyProjection,
    private readonly tickets: RefundTickets,
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly clock: () => Date,
    private readonly cancellationWindowMinutes: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Until when the buyer may cancel: the show's start less the window (a moved show: its start). */
  cancellableUntil(order: Pick<StoredOrder, 'date' | 'schedule' | 'showMovedAt'>): Date {
    return buyerCancellableUntil(order, this.cancellationWindowMinutes);
  }

  view(order: StoredOrder): OrderView {
    return orderViewOf(order, this.cancellableUntil(order));
  }

  /** The buyer cancels the whole order (what is left of it), only before the window. Another user's order is unknown (404). */
  async cancel(orderId: string, userId: string): Promise<RefundResult> {
    const order = await this.find(orderId);
    if (!order || order.userId !== userId) return refused(404, ORDER_NOT_FOUND);
    // A cancellation under way (its provider did not answer) is finished whatever the time: the money may be back already.
    if (!order.refunding && this.clock() >= this.cancellableUntil(order))
      return refused(409, tooLateToCancel(this.cancellationWindowMinutes));
    return this.refund(order, {}, CANCELLED_BY_BUYER, 'buyer');
  }

  /** An admin refunds the seats and candy lines chosen (none chosen: all still paid); no window. */
  async refundByAdmin(orderId: string, { seatLabels, candyIds, reason }: RefundRequest): Promise<RefundResult> {
    const order = await this.find(orderId);
    if (!order) return refused(404, ORDER_NOT_FOUND);
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
    const paying = (await this.orders.payingOfShow(showId)).map((order) => order._id.toHexString());
    const paid = await this.orders.paidOfShow(showId);
    const wholeBefore = (order: StoredOrder) => (order.refundedAmount ?? 0) >= order.total;
    const counts: ShowRefundCounts = { total: paid.length, refunded: paid.filter(wholeBefore).length, failed: [] };
    await progress(counts);
    for (const order of paid) {
      if (wholeBefore(order)) continue;
      const refunding = order.refunding?.by === 'show-cancelled' ? this.drive(order) : this.refund(order, {}, reason, 'show-cancelled');
      const result = await refunding.catch((error: unknown) => {
        this.log?.warn({ orderId: order._id.toHexString(), err: (error as Error).message }, 'show cancellation refund interrupted');
        return refused(409, PROVIDER_UNAVAILABLE);
      });
      if (result.outcome === 'refunded') counts.refunded += 1;
      else counts.failed.push(order._id.toHexString());
      await progress(counts);
    }
    counts.failed.push(...paying);
    return counts;
  }

  /** Takes the order's refund under way forward until it ends; throws when the provider fails, leaving it for the sweep. */
  async drive(start: StoredOrder): Promise<RefundResult> {
    let order: StoredOrder | null = start;
    const id = start.refunding?.id;
    while (order?.refunding && order.refunding.id === id) {
      const next = await this.step(order, order.refunding);
      if (next && 'outcome' in next) return next;
      // A lost conditional write means another driver moved the refund: continue from what it wrote.
      order = next ?? (await this.orders.findById(start._id));
    }
    if (!order) throw new Error(`order ${start._id.toHexString()} disappeared`);
    const done = order.refunds?.find((refund) => refund.id === id);
    // Another driver gave it up (the provider refused): the order is as it was.
    if (!done) return { outcome: 'failed', message: NOT_COMPLETED };
    return { outcome: 'refunded', message: order.refundedAmount === order.total ? REFUNDED : PARTLY_REFUNDED, order: this.view(order) };
  }

  private async find(orderId: string): Promise<StoredOrder | null> {
    return Types.ObjectId.isValid(orderId) && /^[0-9a-f]{24}$/i.test(orderId) ? this.orders.findById(new Types.ObjectId(orderId)) : null;
  }

  private async refund(
    order: StoredOrder,
    wanted: { seatLabels?: string[] | undefined; candyIds?: string[] | undefined },
    reason: string,
    by: RefundedBy,
  ): Promise<RefundResult> {
    if (IN_PROGRESS_STATES.includes(order.state)) return refused(409, STILL_PAYING);
    // A charged order whose seats could not be sold (checkout.ts) is refunded like a paid one, only whole.
    if (order.state !== 'paid' && order.state !== 'unfulfilled') return refused(404, ORDER_NOT_FOUND);
    if (order.refunding) return this.again(order, wanted, by);
    if (order.state === 'unfulfilled' && (wanted.seatLabels !== undefined || wanted.candyIds !== undefined))
      return refused(409, UNFULFILLED_ONLY_WHOLE);
    const lines = await this.refundableLines(order, wanted);
    if ('outcome' in lines) return lines;
    const now = this.clock();
    const refund: PendingRefund = {
      id: new Types.ObjectId().toHexString(),
      ...lines,
      amount: lines.seatLabels.length * order.unitPrice + lines.candy.reduce((sum, line) => sum + line.totalPrice, 0),
      reason,
      by,
      requestedAt: now,
      step: 'requested',
      updatedAt: now,
    };
    // Never more than is left of the charge (a guard: the lines come from the order).
    if (refund.amount > order.total - (order.refundedAmount ?? 0)) return refused(409, ALREADY_REFUNDED);
    if (!(await this.orders.beginRefund(order, refund))) {
      const current = await this.orders.findById(order._id);
      // Another refund began first: it wins, this one is told. One that ended since: decided again on what is left.
      return current?.refunding || !current ? refused(409, REFUND_IN_PROGRESS) : this.refund(current, wanted, reason, by);
    }
    return this.driveAnswering({ ...order, refunding: refund });
  }

  /**
   * THE decision of what a refund gives back: the seats and candy lines
   * chosen (none: everything still paid and not admitted at the door), each
   * of the order and not refunded before. A seat chosen whose ticket was
   * admitted is refused (409).
   */
  private async refundableLines(
    order: StoredOrder,
    wanted: { seatLabels?: string[] | undefined; candyIds?: string[] | undefined },
  ): Promise<RefundLines | RefundResult> {
    const left = stillPaid(order);
    const admitted = await this.tickets.admittedSeats(order._id.toHexString(), left.seatLabels);
    const wholeOrder = wanted.seatLabels === undefined && wanted.candyIds === undefined;
    if (wholeOrder) {
      const refundable = { ...left, seatLabels: left.seatLabels.filter((label) => !admitted.includes(label)) };
      if (refundable.seatLabels.length > 0 || refundable.candy.length > 0) return refundable;
      return admitted.length > 0 ? refused(409, admittedAtTheDoor(admitted)) : refused(409, ALREADY_REFUNDED);
    }
    const seatLabels = [...new Set(wanted.seatLabels ?? [])];
    const candyIds = [...new Set(wanted.candyIds ?? [])];
    if (seatLabels.length === 0 && candyIds.length === 0) return refused(400, NOTHING_CHOSEN);
    const foreignSeats = seatLabels.filter((label) => !order.seatLabels.includes(label));
    if (foreignSeats.length > 0) return refused(400, notOfOrder('asiento', foreignSeats));
    const foreignCandy = candyIds.filter((id) => !order.candy.some((line) => line.candyId === id));
    if (foreignCandy.length > 0) return refused(400, notOfOrder('producto', foreignCandy));
    const gone = [
      ...seatLabels.filter((label) => !left.seatLabels.includes(label)),
      ...order.candy.filter((line) => candyIds.includes(line.candyId) && !left.candy.includes(line)).map((line) => line.name),
    ];
    if (gone.length > 0) return refused(409, alreadyRefunded(gone));
    const used = seatLabels.filter((label) => admitted.includes(label));
    if (used.length > 0) return refused(409, admittedAtTheDoor(used));
    return {
      seatLabels: order.seatLabels.filter((label) => seatLabels.includes(label)),
      candy: left.candy.filter((line) => candyIds.includes(line.candyId)),
    };
  }

  /**
   * A refund is under way on the order: the same request again takes it
   * forward once its first request stopped waiting for the provider (or
   * after a crash); otherwise it is another refund at once, and it is told.
   */
  private async again(
    order: StoredOrder,
    wanted: { seatLabels?: string[] | undefined; candyIds?: string[] | undefined },
    by: RefundedBy,
  ): Promise<RefundResult> {
    const pending = order.refunding as PendingRefund;
    const sameRequest =
      pending.by === by &&
      (wanted.seatLabels === undefined && wanted.candyIds === undefined
        ? true
        : sameSet(pending.seatLabels, wanted.seatLabels ?? []) &&
          sameSet(
            pending.candy.map((line) => line.candyId),
            wanted.candyIds ?? [],
          ));
    if (!pending.interrupted || !sameRequest) return refused(409, REFUND_IN_PROGRESS);
    return this.driveAnswering(order);
  }

  /** `drive`, marking the refund interrupted when the provider throws, so the same request again may take it forward. */
  private async driveAnswering(order: StoredOrder): Promise<RefundResult> {
    try {
      return await this.drive(order);
    } catch (error) {
      const id = order.refunding?.id as string;
      this.log?.warn({ orderId: order._id.toHexString(), refundId: id, err: (error as Error).message }, 'refund interrupted; will retry');
      await this.orders.interruptRefund(order, id);
      throw error;
    }
  }

  /** One step from the refund's step; the order as written, the refund's end, or null when another driver moved it first. */
  private async step(order: StoredOrder, refund: PendingRefund): Promise<StoredOrder | RefundResult | null> {
    const now = this.clock();
    const orderId = order._id.toHexString();
    switch (refund.step) {
      case 'requested': {
        // The tickets are refused at the door before the money goes back; one admitted since the decision stops the refund.
        const admitted = await this.tickets.invalidate(orderId, refund.seatLabels);
        if (admitted.length > 0) {
          await this.tickets.restore(orderId, refund.seatLabels);
          await this.orders.abandonRefund(order, refund.id);
          return refused(409, admittedAtTheDoor(admitted));
        }
        const outcome = await this.payments.refund({
          paymentId: order.paymentId as string,
          amount: refund.amount,
          idempotencyKey: `refund:${refund.id}`,
        });
        if (outcome.status === 'failed') {
          this.log?.warn({ orderId, refundId: refund.id, code: outcome.code, reason: outcome.reason }, 'the provider refused a refund');
          await this.tickets.restore(orderId, refund.seatLabels);
          await this.orders.abandonRefund(order, refund.id);
          return { outcome: 'failed', message: providerRefused(outcome.code) };
        }
        const fields = { providerRefundId: outcome.refundId };
        const moved = await this.orders.advanceRefund(order, refund.id, 'requested', 'money-returned', fields, now);
        return moved ? { ...order, refunding: { ...refund, ...fields, step: 'money-returned', updatedAt: now } } : null;
      }
      case 'money-returned': {
        await this.seats.returnSeats(order.showId, orderId, refund.seatLabels);
        const lines = refund.candy.map(({ candyId, name, quantity }) => ({ candyId, name, quantity }));
        if (order.state === 'unfulfilled') {
          // Never sold: what the checkout reserved for it (seats still tagged, candy taken from stock) goes back.
          await this.seats.releaseOrderReservation(order.showId, orderId, order.heldUntil);
          await this.candy.release(orderId, lines);
        } else await this.candy.giveBack(refund.id, lines);
        const marked = await this.orders.markRefunded(order, refund, now);
        if (!marked) return null;
        if (marked.event) this.relay.nudge(order._id, [marked.event]);
        refunds.inc({ by: refund.by });
        refundAmount.inc(refund.amount);
        const { refunding: _done, ...rest } = order;
        return {
          ...rest,
          refunds: [...(order.refunds ?? []), completedRefund(refund, now)],
          refundedAmount: (order.refundedAmount ?? 0) + refund.amount,
          updatedAt: now,
        };
      }
    }
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const wanted = new Set(b);
  return a.length === wanted.size && a.every((item) => wanted.has(item));
}
