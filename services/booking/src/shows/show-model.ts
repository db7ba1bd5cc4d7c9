import type { ShowType } from '@cine/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

export type SeatState = 'free' | 'held' | 'sold';

export interface Seat {
  label: string;
  row: string;
  number: number;
  state: SeatState;
  /** Who holds or bought it. */
  userId?: string;
  /** A held seat whose heldUntil has passed is free, in every read and write. */
  heldUntil?: Date;
  /** The order being paid (a held seat) or paid (a sold one). */
  orderId?: string;
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
  /** Cents per ticket. */
  price: number;
  capacity: number;
  /** Seats in state 'free' as of the last write (held seats are not counted, even expired ones). */
  available: number;
  /** Earliest heldUntil among held seats: past it, reads recount `available` from the seats. */
  holdsExpireAt?: Date | null;
  /**
   * Users with held seats (lapsed or not), kept with the seats: FerretDB v1
   * cannot match array elements by several fields ($elemMatch), so a user's
   * holds are found by this list.
   */
  holders: string[];
  /** Bumped by every seat change: a write guarded by the version read is lost to a concurrent one and retried. */
  version: number;
  /** Created by the demo seed (not by an admin). */
  seeded?: boolean;
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
    capacity: { type: Number, required: true },
    available: { type: Number, required: true },
    holdsExpireAt: { type: Date, required: false },
    holders: { type: [String], required: true },
    version: { type: Number, required: true },
    seeded: { type: Boolean, required: false },
    seats: { type: [seatSchema], required: true },
  },
  { collection: 'shows', autoIndex: false, versionKey: false },
);
showSchema.index({ startsAt: 1 });
showSchema.index({ movieId: 1, date: 1 });
// Two shows never start in the same room at the same instant (the overlap rule also checks the run times).
showSchema.index({ roomId: 1, startsAt: 1 }, { unique: true });
showSchema.index({ holders: 1 });

export async function showModel(db: Connection): Promise<Model<ShowDocument>> {
  const model = (db.models.Show as Model<ShowDocument> | undefined) ?? db.model<ShowDocument>('Show', showSchema);
  await model.createIndexes();
  return model;
}
