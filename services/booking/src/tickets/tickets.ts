import { createHash } from 'node:crypto';
import type { DoorShowView, OrderPaid, OrderRefunded, ShowPricing, TicketsIssued, TicketView } from '@cine/contracts';
import { createEvent, findEachById, isDuplicateKeyError, type OutboxRelay } from '@cine/service-kit';
import { Types, type Model } from 'mongoose';
import type { OrdersRepository } from '../orders/orders-repository';
import { instantOf } from '../shows/cinema-time';
import { DEFAULT_DOOR_WINDOW, doorWindowOf, type DoorWindowSettings } from './door-rules';
import type { PendingAnnouncements } from './pending-announcements';
import type { StoredTicket, TicketDocument } from './ticket-model';
import { ticketShowOf, type TicketShows } from './ticket-shows';
import type { TicketSigner } from './ticket-signer';

/** A token stays valid this long past its show's end (a door's clock may be behind; a late show). */
const TOKEN_MARGIN_MS = 24 * 3_600_000;
/** A show deleted before its tickets were issued: its runtime is not known any more. */
const UNKNOWN_RUNTIME_MS = 4 * 3_600_000;
/** Candidate codes tried per seat before giving up (each one taken has a chance of 1 in 850 billion). */
const CODE_ATTEMPTS = 8;
const WITHOUT_OUTBOX = { outbox: 0 };

/** tickets.issued's id comes from the order's: announcing one order twice is one event to its consumers. */
function issuedEventId(orderId: string): string {
  const hex = createHash('sha256').update(`tickets.issued:${orderId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The tickets of paid orders: issued from order.paid with writes that can be repeated (a seat's code is
 * derived from the order and seat, so a redelivery, a replay or a crash between writes finds what was
 * written and adds nothing), then announced once (tickets.issued) for the receipt.
 */
export class Tickets {
  constructor(
    private readonly model: Model<TicketDocument>,
    private readonly shows: TicketShows,
    private readonly signer: TicketSigner,
    private readonly orders: OrdersRepository,
    private readonly ordersOutbox: OutboxRelay,
    private readonly pending: PendingAnnouncements,
    private readonly clock: () => Date,
    private readonly doorWindow: DoorWindowSettings = DEFAULT_DOOR_WINDOW,
  ) {}

  /** booking.tickets: tickets of a paid order, and refused at the door once their seats are refunded. */
  async handle(event: OrderPaid | OrderRefunded): Promise<void> {
    if (event.type === 'order.paid') return this.issue(event);
    await this.invalidate(event.data.orderId, event.data.seatLabels);
  }

  /**
   * The seats' tickets are refused at the door from now on (valid → refunded; written again, nothing
   * changes). Answers the seats whose tickets were admitted meanwhile: those stay admitted.
   */
  async invalidate(orderId: string, seatLabels: readonly string[]): Promise<string[]> {
    const tickets = await this.ofOrderSeats(orderId, seatLabels);
    const valid = tickets.filter((ticket) => ticket.state === 'valid').map((ticket) => ticket._id);
    if (valid.length > 0) await this.model.updateMany({ _id: { $in: valid }, state: 'valid' }, { $set: { state: 'refunded' } });
    const after = valid.length > 0 ? await this.ofOrderSeats(orderId, seatLabels) : tickets;
    return after.filter((ticket) => ticket.state === 'used').map((ticket) => ticket.seatLabel);
  }

  /** A refund that did not happen (the provider refused it): the seats' tickets are valid again. */
  async restore(orderId: string, seatLabels: readonly string[]): Promise<void> {
    const refunded = (await this.ofOrderSeats(orderId, seatLabels)).filter((ticket) => ticket.state === 'refunded');
    if (refunded.length === 0) return;
    await this.model.updateMany({ _id: { $in: refunded.map((ticket) => ticket._id) }, state: 'refunded' }, { $set: { state: 'valid' } });
  }

  /** Seats of the order whose tickets were admitted at the door. */
  async admittedSeats(orderId: string, seatLabels: readonly string[]): Promise<string[]> {
    return (await this.ofOrderSeats(orderId, seatLabels)).filter((ticket) => ticket.state === 'used').map((ticket) => ticket.seatLabel);
  }

  /** The order id of the ticket of this code (the back office's order search), or null. */
  async orderOfCode(code: string): Promise<string | null> {
    return (await this.model.findById(code, { orderId: 1 }).lean<Pick<StoredTicket, 'orderId'>>())?.orderId ?? null;
  }

  /** The order's tickets of these seats (the order page's check-ins). */
  ofOrder(orderId: string, seatLabels: readonly string[]): Promise<StoredTicket[]> {
    return this.ofOrderSeats(orderId, seatLabels);
  }

  /** The order's tickets of these seats: by their first candidate codes (`_id`), else (a rare code clash) by the order's index. */
  private async ofOrderSeats(orderId: string, seatLabels: readonly string[]): Promise<StoredTicket[]> {
    if (seatLabels.length === 0) return [];
    const codes = seatLabels.map((seatLabel) => this.signer.codeFor(orderId, seatLabel, 0));
    const read = await findEachById(codes, (code) => this.model.findById(code, WITHOUT_OUTBOX).lean<StoredTicket>());
    const found = [...read.values()].filter((ticket) => ticket.orderId === orderId && seatLabels.includes(ticket.seatLabel));
    const missing = seatLabels.filter((label) => !found.some((ticket) => ticket.seatLabel === label));
    if (missing.length === 0) return found;
    return [...found, ...(await this.model.find({ orderId, seatLabel: { $in: missing } }, WITHOUT_OUTBOX).lean<StoredTicket[]>())];
  }

  async issue(event: OrderPaid): Promise<void> {
    const { republished, ...order } = event.data;
    const now = this.clock();
    const show = await this.shows.find(order.showId);
    const startsAt = show?.startsAt ?? instantOf(order.date, order.schedule, order.cinema?.timeZone);
    const endsAt = show?.endsAt ?? new Date(startsAt.getTime() + UNKNOWN_RUNTIME_MS);
    const exp = Math.floor((endsAt.getTime() + TOKEN_MARGIN_MS) / 1000);
    const tickets = await this.issueSeats(order, exp, now, show?.pricing);
    // A replay (sales' recovery) issues what is missing, silently: the buyer had their receipt.
    if (republished) return this.refuseRefunded(order.orderId, await this.orders.refundedSeatsOf(order.orderId));

    const issued: TicketsIssued = {
      ...createEvent('tickets.issued', {
        ...order,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        tickets: tickets.map((ticket) => ({ ticketId: ticket._id, code: ticket._id, seatLabel: ticket.seatLabel, token: ticket.token })),
      }),
      id: issuedEventId(order.orderId),
    };
    const mark = await this.pending.mark('order', order.orderId, now);
    const refunded = await this.orders.recordTicketsIssued(issued, now);
    if (refunded) this.ordersOutbox.nudge(new Types.ObjectId(order.orderId), [issued]);
    else await this.pending.drop(mark);
    await this.refuseRefunded(order.orderId, refunded ?? (await this.orders.refundedSeatsOf(order.orderId)));
  }

  /** A refund that came before its tickets (their order.paid was late, or is delivered again) found none to refuse. */
  private async refuseRefunded(orderId: string, refundedSeats: readonly string[]): Promise<void> {
    if (refundedSeats.length > 0) await this.invalidate(orderId, refundedSeats);
  }

  /** Every seat's first candidate code in one write; a seat whose code was taken (or already issued) is settled on its own. */
  private async issueSeats(order: OrderPaid['data'], exp: number, now: Date, pricing: ShowPricing | undefined): Promise<StoredTicket[]> {
    const first = await Promise.all(order.seatLabels.map((seatLabel) => this.newTicket(order, seatLabel, 0, exp, now, pricing)));
    try {
      await this.model.insertMany(
        first.map((ticket) => ({ ...ticket, outbox: [] })),
        { ordered: false, lean: true },
      );
      return first;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const tickets: StoredTicket[] = [];
      for (const seatLabel of order.seatLabels) tickets.push(await this.issueSeat(order, seatLabel, exp, now, pricing));
      return tickets;
    }
  }

  private async newTicket(
    order: OrderPaid['data'],
    seatLabel: string,
    attempt: number,
    exp: number,
    now: Date,
    pricing: ShowPricing | undefined,
  ): Promise<StoredTicket> {
    const code = this.signer.codeFor(order.orderId, seatLabel, attempt);
    return {
      _id: code,
      orderId: order.orderId,
      userId: order.userId,
      showId: order.showId,
      movieId: order.movieId,
      title: order.title,
      seatLabel,
      ...ticketTypeOf(order, seatLabel, pricing),
      token: await this.signer.sign({ jti: code, sid: order.showId, seat: seatLabel, exp }),
      state: 'valid',
      issuedAt: now,
    };
  }

  private async issueSeat(
    order: OrderPaid['data'],
    seatLabel: string,
    exp: number,
    now: Date,
    pricing: ShowPricing | undefined,
  ): Promise<StoredTicket> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS;) {
      const code = this.signer.codeFor(order.orderId, seatLabel, attempt);
      const existing = await this.model.findById(code, WITHOUT_OUTBOX).lean<StoredTicket>();
      if (existing) {
        if (existing.orderId === order.orderId && existing.seatLabel === seatLabel) return existing;
        attempt += 1; // another seat's code: the next candidate
        continue;
      }
      const ticket = await this.newTicket(order, seatLabel, attempt, exp, now, pricing);
      try {
        await this.model.create({ ...ticket, outbox: [] });
        return ticket;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Written meanwhile by a concurrent delivery (read again), or issued under another key's codes.
        const issuedBefore = await this.model.findOne({ orderId: order.orderId, seatLabel }, WITHOUT_OUTBOX).lean<StoredTicket>();
        if (issuedBefore) return issuedBefore;
      }
    }
    throw new Error(`no free ticket code for seat ${seatLabel} of order ${order.orderId}`);
  }

  /** The user's tickets, soonest show first; a ticket whose show is gone is left out. */
  async mine(userId: string): Promise<TicketView[]> {
    const tickets = await this.model.find({ userId }, WITHOUT_OUTBOX).lean<StoredTicket[]>();
    const shows = await this.shows.findAll(tickets.map((ticket) => ticket.showId));
    const places = new Map(
      await Promise.all([...shows.values()].map(async (show) => [show.roomId, await this.shows.placeOf(show)] as const)),
    );
    return tickets
      .flatMap((ticket) => {
        const show = shows.get(ticket.showId);
        const cinema = show && places.get(show.roomId);
        return show && cinema ? [{ ...ticketShowOf(show, ticket.title, cinema), ...ticketFields(ticket) }] : [];
      })
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.orderId.localeCompare(b.orderId) || a.seatLabel.localeCompare(b.seatLabel));
  }

  /** A show and its tickets for the door, or null for an unknown show. */
  async ofShow(showId: string): Promise<DoorShowView | null> {
    const show = await this.shows.find(showId);
    if (!show) return null;
    const tickets = await this.model.find({ showId }, WITHOUT_OUTBOX).sort({ _id: 1 }).lean<StoredTicket[]>();
    const window = doorWindowOf(show, this.doorWindow);
    return {
      show: ticketShowOf(show, tickets[0]?.title ?? (await this.shows.titleOf(show.movieId)), await this.shows.placeOf(show)),
      window: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() },
      tickets: tickets.map((ticket) => ({
        code: ticket._id,
        seatLabel: ticket.seatLabel,
        state: ticket.state,
        ...(ticket.checkedInAt ? { checkedInAt: ticket.checkedInAt.toISOString() } : {}),
        ...(ticket.entrance ? { entrance: ticket.entrance } : {}),
        ...ticketTypeFacts(ticket),
      })),
      readAt: this.clock().toISOString(),
    };
  }

  /** Tickets checked in, by show id. */
  async admittedByShow(): Promise<Map<string, number>> {
    const counts = await this.model.aggregate<{ _id: string; admitted: number }>([
      { $match: { state: 'used' } },
      { $group: { _id: '$showId', admitted: { $sum: 1 } } },
    ]);
    return new Map(counts.map(({ _id, admitted }) => [_id, admitted]));
  }
}

/** The seat's type as order.paid priced it (version 1: none, General) and whether the show's pricing asks for an ID for it. */
function ticketTypeOf(
  order: OrderPaid['data'],
  seatLabel: string,
  pricing: ShowPricing | undefined,
): Pick<StoredTicket, 'ticketType' | 'ticketTypeName' | 'requiresId' | 'line'> {
  const line = order.lines?.find((candidate) => candidate.seatLabel === seatLabel);
  if (!line) return {};
  const requiresId = pricing?.types.find((type) => type.type === line.type)?.requiresId ?? false;
  return { ticketType: line.type, ticketTypeName: line.typeName, requiresId, line };
}

/** A ticket's type as the views answer it (a ticket issued before types: none, the client shows General). */
export function ticketTypeFacts(ticket: Pick<StoredTicket, 'ticketType' | 'ticketTypeName' | 'requiresId'>) {
  return {
    ...(ticket.ticketType === undefined ? {} : { ticketType: ticket.ticketType }),
    ...(ticket.ticketTypeName === undefined ? {} : { ticketTypeName: ticket.ticketTypeName }),
    ...(ticket.requiresId === undefined ? {} : { requiresId: ticket.requiresId }),
  };
}

function ticketFields(ticket: StoredTicket): Omit<TicketView, keyof ReturnType<typeof ticketShowOf>> {
  return {
    id: ticket._id,
    code: ticket._id,
    token: ticket.token,
    orderId: ticket.orderId,
    seatLabel: ticket.seatLabel,
    state: ticket.state,
    ...(ticket.checkedInAt ? { checkedInAt: ticket.checkedInAt.toISOString() } : {}),
    ...(ticket.entrance ? { entrance: ticket.entrance } : {}),
    ...ticketTypeFacts(ticket),
    ...(ticket.line ? { line: ticket.line } : {}),
  };
}
