import type { PricedLine, TicketState } from '@cine/contracts';
import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One seat's ticket of a paid order. `_id` is its short code: the door finds a ticket by `_id`
 * alone (on FerretDB any other filter reads the whole collection). (orderId, seatLabel) is unique:
 * an order's seat has one ticket however often its order.paid arrives.
 */
export interface TicketDocument extends WithOutbox {
  _id: string;
  orderId: string;
  userId: string;
  showId: string;
  movieId: string;
  title: string;
  seatLabel: string;
  /** The seat's ticket type as its order priced it (absent on tickets issued before ticket types: General). */
  ticketType?: string;
  ticketTypeName?: string;
  /** The door asks for an ID (the type's `requiresId` on the show's pricing when issued). */
  requiresId?: boolean;
  /** The seat's priced line (order.paid version 2). */
  line?: PricedLine;
  /** The QR's content: the signed token. */
  token: string;
  state: TicketState;
  issuedAt: Date;
  checkedInAt?: Date;
  entrance?: string;
  /** The offline door's scan that admitted it: an upload played again finds its own admission. */
  scanId?: string;
}

export type StoredTicket = Omit<TicketDocument, 'outbox'>;

const ticketSchema = new Schema<TicketDocument>(
  {
    _id: { type: String, required: true },
    orderId: { type: String, required: true },
    userId: { type: String, required: true },
    showId: { type: String, required: true },
    movieId: { type: String, required: true },
    title: { type: String, required: true },
    seatLabel: { type: String, required: true },
    ticketType: { type: String },
    ticketTypeName: { type: String },
    requiresId: { type: Boolean },
    line: { type: Schema.Types.Mixed },
    token: { type: String, required: true },
    state: { type: String, required: true, enum: ['valid', 'used', 'refunded'] },
    issuedAt: { type: Date, required: true },
    checkedInAt: { type: Date },
    entrance: { type: String },
    scanId: { type: String },
  },
  { collection: 'tickets', autoIndex: false, versionKey: false },
);
ticketSchema.index({ orderId: 1, seatLabel: 1 }, { unique: true });
ticketSchema.index({ userId: 1 });
ticketSchema.index({ showId: 1 });
ticketSchema.plugin(outboxPlugin);

export async function ticketModel(db: Connection): Promise<Model<TicketDocument>> {
  const model = (db.models.Ticket as Model<TicketDocument> | undefined) ?? db.model<TicketDocument>('Ticket', ticketSchema);
  await model.createIndexes();
  return model;
}
