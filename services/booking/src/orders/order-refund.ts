import type { RefundOrigin } from '@cine/contracts';
import { refundPaymentsOf } from '../gift-cards/payment-parts';
import { refuse, type Result } from '../refusal';
import type { OrderChange } from './order';
import { IN_PROGRESS_STATES, canMoveRefund, type RefundStep } from './order-states';
import { orderRefundedEvent } from './order-events';
import { linesOfSeats } from './order-lines';
import type { OrderRefund, PendingRefund, StoredOrder } from './order-model';
import { refundAmount, refundPreview, stillPaid, type RefundLines } from './refund-rules';

/**
 * The refund moves of an order (order-states.ts: REFUND_MOVES), as pure functions from the order as read to the
 * change to write: requested → money-returned → done, or requested → abandoned. Only one refund is under
 * way at a time (`refunding`); a done refund joins `refunds` and adds to `refundedAmount`.
 */

export const ORDER_NOT_FOUND = 'No existe la compra.';
const STILL_PAYING = 'La compra todavía se está pagando; espera a que termine para reembolsarla.';
const ALREADY_REFUNDED = 'Esta compra ya fue reembolsada por completo.';
export const REFUND_IN_PROGRESS = 'Ya hay un reembolso en curso para esta compra; espera a que termine y vuelve a mirarla.';
const NOTHING_CHOSEN = 'Elige al menos una entrada o un producto del candy para reembolsar.';
const UNFULFILLED_ONLY_WHOLE = 'Esta compra se cobró pero no llegó a completarse: solo se puede reembolsar entera.';

function notOfOrder(kind: 'asiento' | 'producto', names: readonly string[]): string {
  return names.length === 1 ? `El ${kind} ${names[0]} no es de esta compra.` : `Los ${kind}s ${names.join(', ')} no son de esta compra.`;
}

export function admittedAtTheDoor(labels: readonly string[]): string {
  return labels.length === 1
    ? `La entrada del asiento ${labels[0]} ya se usó para entrar a la sala: no se puede reembolsar.`
    : `Las entradas de los asientos ${labels.join(', ')} ya se usaron para entrar a la sala: no se pueden reembolsar.`;
}

function alreadyRefunded(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} ya fue reembolsado.` : `${names.join(', ')} ya fueron reembolsados.`;
}

/** The seats and candy lines a refund asks for (neither: everything still paid). */
export interface WantedLines {
  seatLabels?: string[] | undefined;
  candyIds?: string[] | undefined;
}

/** What a new refund request is to the order: a new refund, the same request again of the one under way, or refused. */
export function refundRequestFor(order: StoredOrder, wanted: WantedLines, by: RefundOrigin): Result<{ outcome: 'new' | 'again' }> {
  if (IN_PROGRESS_STATES.includes(order.state)) return refuse('conflict', STILL_PAYING);
  // A charged order whose seats could not be sold (checkout) is refunded like a paid one, only whole.
  if (order.state !== 'paid' && order.state !== 'unfulfilled') return refuse('not-found', ORDER_NOT_FOUND);
  const whole = wanted.seatLabels === undefined && wanted.candyIds === undefined;
  if (order.refunding) {
    // The same request again takes the refund forward once its first request stopped waiting for the provider.
    const pending = order.refunding;
    const same =
      pending.by === by &&
      (whole ||
        (sameSet(pending.seatLabels, wanted.seatLabels ?? []) &&
          sameSet(
            pending.candy.map((line) => line.candyId),
            wanted.candyIds ?? [],
          )));
    return pending.interrupted && same ? { outcome: 'again' } : refuse('conflict', REFUND_IN_PROGRESS);
  }
  if (order.state === 'unfulfilled' && !whole) return refuse('conflict', UNFULFILLED_ONLY_WHOLE);
  return { outcome: 'new' };
}

/**
 * THE decision of what a refund gives back: the seats and candy lines chosen (none: everything still
 * paid and not admitted at the door), each of the order and not refunded before. A seat chosen whose
 * ticket was admitted (`admitted`) is refused.
 */
export function refundLines(order: StoredOrder, wanted: WantedLines, admitted: readonly string[]): Result<RefundLines> {
  const left = stillPaid(order);
  if (wanted.seatLabels === undefined && wanted.candyIds === undefined) {
    const refundable = refundPreview(order, admitted).lines;
    if (refundable.seatLabels.length > 0 || refundable.candy.length > 0) return refundable;
    return refuse('conflict', admitted.length > 0 ? admittedAtTheDoor(admitted) : ALREADY_REFUNDED);
  }
  const seatLabels = [...new Set(wanted.seatLabels ?? [])];
  const candyIds = [...new Set(wanted.candyIds ?? [])];
  if (seatLabels.length === 0 && candyIds.length === 0) return refuse('invalid', NOTHING_CHOSEN);
  const foreignSeats = seatLabels.filter((label) => !order.seatLabels.includes(label));
  if (foreignSeats.length > 0) return refuse('invalid', notOfOrder('asiento', foreignSeats));
  const foreignCandy = candyIds.filter((id) => !order.candy.some((line) => line.candyId === id));
  if (foreignCandy.length > 0) return refuse('invalid', notOfOrder('producto', foreignCandy));
  const gone = [
    ...seatLabels.filter((label) => !left.seatLabels.includes(label)),
    ...order.candy.filter((line) => candyIds.includes(line.candyId) && !left.candy.includes(line)).map((line) => line.name),
  ];
  if (gone.length > 0) return refuse('conflict', alreadyRefunded(gone));
  const used = seatLabels.filter((label) => admitted.includes(label));
  if (used.length > 0) return refuse('conflict', admittedAtTheDoor(used));
  return {
    seatLabels: order.seatLabels.filter((label) => seatLabels.includes(label)),
    candy: left.candy.filter((line) => candyIds.includes(line.candyId)),
  };
}

function refundMove(
  order: StoredOrder,
  id: string,
  to: RefundStep | 'none',
  refunding: Partial<PendingRefund> | null,
  after: StoredOrder,
  set: Partial<StoredOrder> = {},
  events: OrderChange['events'] = [],
): Result<OrderChange> {
  const from = order.refunding?.id === id ? order.refunding.step : 'none';
  if (!canMoveRefund(from, to) || (from === 'none' && order.refunding)) return refuse('conflict', REFUND_IN_PROGRESS);
  return { from: order.state, to: order.state, set, events, refund: { id, from, to, refunding }, after };
}

/** none → requested: the refund `id` of these lines, decided on the order as read (never more than is left of the charge). */
export function requestRefund(
  order: StoredOrder,
  id: string,
  lines: RefundLines,
  reason: string,
  by: RefundOrigin,
  now: Date,
): Result<OrderChange> {
  const amount = refundAmount(order, lines);
  if (amount > order.total - (order.refundedAmount ?? 0)) return refuse('conflict', ALREADY_REFUNDED);
  const refund: PendingRefund = {
    id,
    ...lines,
    // The seats' lines as the order priced them: what the refund returns for each and what order.refunded announces.
    lines: linesOfSeats(order, lines.seatLabels),
    amount,
    // Issues 39, 41: the gift card's and the points' parts back to them, the rest to the bank card (splitRefund); without either all
    // to the bank card. A refund of the pass's seat gives the pass its part (its ticket to the allowance), no money.
    ...(order.giftCard || order.points || order.pass
      ? { payments: refundPaymentsOf(order, amount, order.pass ? lines.seatLabels.includes(order.pass.seatLabel) : false) }
      : {}),
    reason,
    by,
    requestedAt: now,
    step: 'requested',
    updatedAt: now,
  };
  return refundMove(order, id, 'requested', refund, { ...order, refunding: refund });
}

/** requested → money-returned: the provider refunded (`providerRefundId`). */
export function moneyReturned(order: StoredOrder, providerRefundId: string, now: Date): Result<OrderChange> {
  const refund = order.refunding;
  if (!refund) return refuse('conflict', REFUND_IN_PROGRESS);
  const fields = { providerRefundId, step: 'money-returned' as const, updatedAt: now };
  return refundMove(order, refund.id, 'money-returned', fields, { ...order, refunding: { ...refund, ...fields } });
}

/** requested → none: the refund is given up (the provider refused, or a ticket was admitted); the order is as before it. */
export function abandonRefund(order: StoredOrder): Result<OrderChange> {
  const refund = order.refunding;
  // Once the money is back the refund can only be done.
  if (!refund || refund.step !== 'requested') return refuse('conflict', REFUND_IN_PROGRESS);
  const { refunding: _gone, ...after } = order;
  return refundMove(order, refund.id, 'none', null, after);
}

/** A refund under way as `refunds` keeps it once done. */
function completedRefund(refund: PendingRefund, refundedAt: Date): OrderRefund {
  const { step: _step, interrupted: _interrupted, updatedAt: _updatedAt, ...done } = refund;
  return { ...done, refundedAt };
}

/**
 * money-returned → none: the refund joins `refunds`, its amount adds up and order.refunded is recorded
 * (none for an unfulfilled order: never paid as far as the others know). Wholly refunded, the order
 * frees its key: the same seats and card may be bought again as a new order.
 */
export function refundDone(order: StoredOrder, now: Date): Result<OrderChange> {
  const refund = order.refunding;
  if (!refund || refund.step !== 'money-returned') return refuse('conflict', REFUND_IN_PROGRESS);
  const completed = completedRefund(refund, now);
  const refundedAmount = (order.refundedAmount ?? 0) + refund.amount;
  const whole = refundedAmount >= order.total;
  const set: Partial<StoredOrder> = {
    refunds: [...(order.refunds ?? []), completed],
    refundedAmount,
    updatedAt: now,
    ...(whole ? { key: `${order.key}:refunded:${order._id.toHexString()}` } : {}),
  };
  const events = order.state === 'paid' ? [orderRefundedEvent(order, completed, now)] : [];
  const { refunding: _done, ...rest } = order;
  return refundMove(order, refund.id, 'none', null, { ...rest, ...set }, set, events);
}

/** Whether the order's refund `id` is done (it is among `refunds`); the refusal it ended with otherwise is the caller's. */
export function refundOf(order: StoredOrder, id: string): OrderRefund | undefined {
  return order.refunds?.find((refund) => refund.id === id);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const wanted = new Set(b);
  return a.length === wanted.size && a.every((item) => wanted.has(item));
}
