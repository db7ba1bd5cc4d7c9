import type { SeatLayout, ShowPricing, ShowType, TakenSeatState } from '@cine/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A taken seat of a show (a seat of the room not listed is free). */
export interface Seat {
  label: string;
  row: string;
  number: number;
  state: TakenSeatState;
  /** Who holds or bought it. */
  userId?: string;
  /** A held seat whose heldUntil has passed is free, in every read and write. */
  heldUntil?: Date;
  /** The order being paid (a held seat) or paid (a sold one). */
  orderId?: string;
  /** The ticket type it is held (or sold) as, a code of the show's pricing; absent: General. */
  ticketType?: string;
}

export interface ShowDocument {
  _id: Types.ObjectId;
  movieId: string;
  startsAt: Date;
  /** startsAt + the movie's runtime when the show was created (the overlap rule adds the cleaning time). */
  endsAt: Date;
  /** 'yyyy-mm-dd' in the cinema's time zone. */
  date: string;
  /** 'HH:MM' in the cinema's time zone. */
  schedule: string;
  roomId: number;
  type: ShowType;
  /** Cents: the lowest General price with the format's surcharge ("desde"); a show made before price cards sells every seat at it. */
  price: number;
  /** The price card, types and surcharges fixed for the show (pricing/show-pricing.ts); absent on shows made before price cards. */
  pricing?: ShowPricing;
  capacity: number;
  /** Rows (A..) and seats of the widest row, copied from the room's layout when the show was created. */
  rows: number;
  seatsPerRow: number;
  /** The room's layout when the show was created; a show created before layouts were data has none: a rectangle (seats.ts, layoutOf). */
  layout?: SeatLayout;
  /** capacity minus the listed seats, as of the last write (lapsed holds not yet subtracted). */
  available: number;
  /** Earliest heldUntil among held seats: past it, reads recount `available` from the seats. */
  holdsExpireAt?: Date | null;
  /** Bumped by every seat change: a write guarded by the version read is lost to a concurrent one and retried. */
  version: number;
  /** Created by the demo seed (not by an admin). */
  seeded?: boolean;
  /** Its movie was deleted from the catalog (movie.deleted): hidden from the listings, no seat is held or sold any more. */
  movieDeleted?: boolean;
  /** An admin cancelled it (POST /show/one/:id/cancel refunds its orders): no seat is held or sold any more. */
  cancelled?: boolean;
  /**
   * The taken seats only (held or sold), in room order; every other seat of
   * the layout is free. FerretDB rewrites the whole document on each update,
   * so listing every free seat made each seat change several times slower.
   */
  seats: Seat[];
}

const seatSchema = new Schema<Seat>(
  {
    label: { type: String, required: true },
    row: { type: String, required: true },
    number: { type: Number, required: true },
    state: { type: String, required: true },
    userId: { type: String, required: false },
    heldUntil: { type: Date, required: false },
    orderId: { type: String, required: false },
    ticketType: { type: String, required: false },
  },
  { _id: false },
);

const showSchema = new Schema<ShowDocument>(
  {
    movieId: { type: String, required: true },
    startsAt: { type: Date, required: true },
    endsAt: { type: Date, required: true },
    date: { type: String, required: true },
    schedule: { type: String, required: true },
    roomId: { type: Number, required: true },
    type: { type: String, required: true },
    price: { type: Number, required: true },
    pricing: { type: Schema.Types.Mixed, required: false },
    capacity: { type: Number, required: true },
    rows: { type: Number, required: true },
    seatsPerRow: { type: Number, required: true },
    layout: { type: Schema.Types.Mixed, required: false },
    available: { type: Number, required: true },
    holdsExpireAt: { type: Date, required: false },
    version: { type: Number, required: true },
    seeded: { type: Boolean, required: false },
    movieDeleted: { type: Boolean, required: false },
    cancelled: { type: Boolean, required: false },
    seats: { type: [seatSchema], required: true },
  },
  { collection: 'shows', autoIndex: false, versionKey: false },
);
showSchema.index({ startsAt: 1 });
showSchema.index({ movieId: 1, date: 1 });
// Two shows never start in the same room at the same instant (the overlap rule also checks the run times).
showSchema.index({ roomId: 1, startsAt: 1 }, { unique: true });

export async function showModel(db: Connection): Promise<Model<ShowDocument>> {
  const model = (db.models.Show as Model<ShowDocument> | undefined) ?? db.model<ShowDocument>('Show', showSchema);
  await model.createIndexes();
  return model;
}
