import { Types, type Collection, type Connection } from 'mongoose';

type Announcer = 'order' | 'ticket';

interface PendingMark {
  _id: Types.ObjectId;
  /** Whose outbox holds the event: a paid order's (tickets.issued) or a ticket's (ticket.checked_in). */
  kind: Announcer;
  /** That document's `_id` (an order id, a ticket code). */
  ref: string;
  since: Date;
}

interface AnnouncerOutbox {
  /** Hands the document to its relay. */
  nudge(ref: string): void;
  /** Whether the document still holds events. */
  hasPending(ref: string): Promise<boolean>;
}

/**
 * Neither the orders nor the tickets are looked through by their relays (they grow without end; on
 * FerretDB a look reads every document). So a ticket write that records an event first leaves a
 * small mark here, and `sweep` hands the relay again the documents whose events a crash or a broker
 * outage left unpublished, as the orders' own in-progress marks do for order.paid.
 */
export class PendingAnnouncements {
  private readonly marks: Collection<PendingMark>;

  constructor(
    db: Connection,
    private readonly outboxes: Record<Announcer, AnnouncerOutbox>,
  ) {
    this.marks = db.collection<PendingMark>('ticket_events_pending');
  }

  async mark(kind: Announcer, ref: string, now: Date): Promise<Types.ObjectId> {
    const _id = new Types.ObjectId();
    await this.marks.insertOne({ _id, kind, ref, since: now });
    return _id;
  }

  /** The write the mark was for recorded nothing. */
  async drop(id: Types.ObjectId): Promise<void> {
    await this.marks.deleteOne({ _id: id });
  }

  /** The relay published these tickets' events. */
  async settledTickets(codes: ReadonlyArray<string>): Promise<void> {
    if (codes.length > 0) await this.marks.deleteMany({ kind: 'ticket', ref: { $in: [...codes] } });
  }

  /** Nudges the relays for marks older than `before` whose documents still hold events; drops the others. */
  async sweep(before: Date): Promise<void> {
    for (const mark of await this.marks.find({ since: { $lt: before } }).toArray()) {
      const outbox = this.outboxes[mark.kind];
      if (await outbox.hasPending(mark.ref)) outbox.nudge(mark.ref);
      else await this.drop(mark._id);
    }
  }
}
