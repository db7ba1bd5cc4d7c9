import {
  isObjectIdText,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderSearchPage,
  type OrderSearchQuery,
  type OrderView,
} from '@cine/contracts';
import { Types } from 'mongoose';
import type { Buyers } from '../buyers/buyers';
import { addDays, instantOf } from '../shows/cinema-time';
import type { StoredTicket } from '../tickets/ticket-model';
import type { StoredOrder } from './order-model';
import type { OrdersRepository } from './orders-repository';
import type { PaidOrderFilter, PaidOrderIndex } from './paid-order-index';

/** An order's or a ticket's short code as typed: 8 characters of the codes' alphabet, maybe with spaces or a dash. */
const SHORT_CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** The order's tickets of its seats, as the order page's check-ins need them. */
export interface OrderTickets {
  ofOrder(orderId: string, seatLabels: readonly string[]): Promise<StoredTicket[]>;
  /** The order id of the ticket of this code, or null. */
  orderOfCode(code: string): Promise<string | null>;
}

/** The order's life, oldest first: the checkout's start with the seats held, the payment, each refund, each admission. */
function historyOf(order: StoredOrder, tickets: readonly StoredTicket[]): OrderHistoryEntry[] {
  const paidAt = order.paidAt ?? order.updatedAt;
  const entries: OrderHistoryEntry[] = [
    { kind: 'held', at: order.createdAt.toISOString(), seatLabels: order.seatLabels },
    { kind: 'paid', at: paidAt.toISOString(), seatLabels: order.seatLabels, amount: order.total },
    ...(order.refunds ?? []).map((refund): OrderHistoryEntry => ({
      kind: 'refunded',
      at: (refund.refundedAt ?? refund.requestedAt).toISOString(),
      seatLabels: refund.seatLabels,
      amount: refund.amount,
      reason: refund.reason,
      by: refund.by,
    })),
    ...tickets
      .filter((ticket) => ticket.checkedInAt)
      .map((ticket): OrderHistoryEntry => ({
        kind: 'checked_in',
        at: (ticket.checkedInAt as Date).toISOString(),
        seatLabels: [ticket.seatLabel],
      })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The back office's order search and the order page. The search finds the ids in the paid
 * orders' index, then reads the orders themselves by `_id` (so a row's state and amounts never
 * lag behind a refund), and the buyers' projection for e-mails and names.
 */
export class OrderPages {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly index: PaidOrderIndex,
    private readonly buyers: Buyers,
    private readonly tickets: OrderTickets,
    /** The order's view; `lookAtTheDoor: false` for a row, which does not show what a refund gives back. */
    private readonly view: (order: StoredOrder, lookAtTheDoor?: boolean) => Promise<OrderView>,
  ) {}

  /**
   * One page of the paid orders matching the query (its days already checked), newest paid first; `roomIds`:
   * of these rooms only (the rooms of a manager's cinemas, or of `?cinemaId=`).
   */
  async search({ q, movieId, from, to, page, pageSize }: OrderSearchQuery, roomIds?: ReadonlySet<number>): Promise<OrderSearchPage> {
    const text = q?.trim() ?? '';
    const filter: PaidOrderFilter = {
      ...(movieId ? { movieId } : {}),
      ...(roomIds ? { roomIds } : {}),
      ...(from ? { from: instantOf(from, '00:00').getTime() } : {}),
      ...(to ? { to: instantOf(addDays(to, 1), '00:00').getTime() } : {}),
    };
    const code = text.toUpperCase().replace(/[\s-]/g, '');
    if (isObjectIdText(text)) filter.ids = [text.toLowerCase()];
    else if (SHORT_CODE.test(code)) {
      // An order's code or a ticket's (the same alphabet and length); a name that reads like a code is a buyer's too.
      const [byOrder, byTicket, buyers] = await Promise.all([
        this.orders.orderOfCode(code),
        this.tickets.orderOfCode(code),
        this.buyers.matching(text),
      ]);
      filter.ids = [byOrder, byTicket].filter((id): id is string => id !== null);
      filter.userIds = new Set(buyers);
      filter.either = true;
    } else if (text) filter.userIds = new Set(await this.buyers.matching(text));
    if (filter.userIds?.size === 0 && (!filter.either || filter.ids?.length === 0)) return { items: [], total: 0, page, pageSize };

    const { ids, total: matching } = await this.index.search(filter, (page - 1) * pageSize, pageSize);
    const orders = await this.orders.findByIds(ids);
    const buyers = await this.buyers.of(orders.map((order) => order.userId));
    const items = await Promise.all(
      orders.map(async (order) => {
        const { id, code, movieId, title, date, schedule, roomId, type, seats, total, refundedAmount, state, paidAt } = await this.view(
          order,
          false,
        );
        const buyer = buyers.get(order.userId) ?? null;
        return {
          id,
          code,
          userId: order.userId,
          buyer,
          movieId,
          title,
          date,
          schedule,
          roomId,
          type,
          seats,
          total,
          refundedAmount,
          state,
          paidAt,
        };
      }),
    );
    return { items, total: matching, page, pageSize };
  }

  /** The order page of a paid order with its buyer's id; null for an unknown id or an order never paid. */
  async detail(id: string): Promise<{ userId: string; roomId: number; detail: OrderDetail } | null> {
    if (!isObjectIdText(id)) return null;
    const order = await this.orders.findById(new Types.ObjectId(id));
    if (order?.state !== 'paid') return null;
    const [buyers, tickets] = await Promise.all([this.buyers.of([order.userId]), this.tickets.ofOrder(id, order.seatLabels)]);
    return {
      userId: order.userId,
      roomId: order.roomId,
      detail: {
        ...(await this.view(order)),
        userId: order.userId,
        buyer: buyers.get(order.userId) ?? null,
        paymentId: order.paymentId ?? '',
        refunding: order.refunding !== undefined,
        history: historyOf(order, tickets),
      },
    };
  }
}
