import type { PresaleState } from '@cine/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A presale's line as stored (issue 40). Every process of booking reads and moves it here, never in its own
 * memory: the opening (the lottery), the admission meter and the sold-out state are conditional updates of
 * this document, so several instances on one database admit in exactly one order.
 */
export interface PresaleDocument {
  _id: Types.ObjectId;
  showIds: string[];
  /** The shows' cinema (a presale's shows are of one cinema: its managers run it). */
  cinemaId: string;
  opensAt: Date;
  admitPerMinute: number;
  sessionMinutes: number;
  maxTicketsPerBuyer: number;
  /** The lottery's secret seed (presale-rules.ts `lotteryOrder`), drawn at creation and never answered. */
  seed: string;
  /** The derived state as last written ('scheduled' | 'open' | 'sold_out' | 'closed'). */
  state: PresaleState;
  /** Set once the lottery's positions are all written (the opening is done). */
  openedAt?: Date;
  /**
   * Issue 41: the early places whose buyer had presale priority at the opening (an Oro member who joined the club
   * before opensAt), fixed by the first instance that draws the lottery so every instance writes the same positions.
   */
  priorityPlaceIds?: string[];
  /** Positions 1..admittedThrough are admitted. */
  admittedThrough: number;
  /** The meter's clock: admissions owed since it are `floor((now − meteredAt) · admitPerMinute / 60 000)`. */
  meteredAt: Date;
  /**
   * The meter's last move: positions (movedFrom, admittedThrough] were admitted at movedAt. A place of that move
   * admitted late (its buyer's GET /me came before the ticker reached it) still starts its session at movedAt, so
   * sessions start in position order whichever process writes them.
   */
  movedAt?: Date;
  movedFrom?: number;
  /** The highest position given (later arrivals take lastPosition + 1 with `$inc`). */
  lastPosition: number;
  /** Accounts that joined. */
  joined: number;
  /** The ticker's expiry walk: positions 1..expiredThrough have had their sessions looked at to the end (line-ticker.ts). */
  expiredThrough?: number;
  /** Free seats over the shows, as the line's ticker last counted them. */
  seatsLeft: number;
  /** Bumped on every change the feed carries (the feed's `version`). */
  version: number;
  /** An admin ended it early. */
  closedAt?: Date;
  createdBy: string;
  createdAt: Date;
}

/** One account's place in one line; unique per (presaleId, userId): one place per account. */
export interface PresalePlaceDocument {
  _id: Types.ObjectId;
  presaleId: string;
  userId: string;
  joinedAt: Date;
  /** Joined before opensAt: in the lottery. */
  early: boolean;
  /** 1 is first; null until the opening gives it (or, for a later arrival, until its `$inc`). */
  position: number | null;
  /** When the meter reached the position: the session runs from here for sessionMinutes. */
  admittedAt?: Date;
  expiresAt?: Date;
  /** 'waiting' → 'admitted' → 'expired' (the session ran out: the place is gone, its holds released). */
  state: 'waiting' | 'admitted' | 'expired';
  /** Changes with each admission issued: an admission naming another nonce is a replay. */
  nonce: string;
}

const presaleSchema = new Schema<PresaleDocument>(
  {
    showIds: { type: [String], required: true },
    cinemaId: { type: String, required: true },
    opensAt: { type: Date, required: true },
    admitPerMinute: { type: Number, required: true },
    sessionMinutes: { type: Number, required: true },
    maxTicketsPerBuyer: { type: Number, required: true },
    seed: { type: String, required: true },
    state: { type: String, required: true },
    openedAt: { type: Date },
    priorityPlaceIds: { type: [String], default: undefined },
    admittedThrough: { type: Number, required: true },
    meteredAt: { type: Date, required: true },
    movedAt: { type: Date },
    movedFrom: { type: Number },
    lastPosition: { type: Number, required: true },
    joined: { type: Number, required: true },
    expiredThrough: { type: Number },
    seatsLeft: { type: Number, required: true },
    version: { type: Number, required: true },
    closedAt: { type: Date },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'presales', autoIndex: false, versionKey: false },
);
// A show's presale (holds and checkouts ask for it), and the lines still running (the ticker's).
presaleSchema.index({ showIds: 1 });
presaleSchema.index({ state: 1, opensAt: 1 });

const placeSchema = new Schema<PresalePlaceDocument>(
  {
    presaleId: { type: String, required: true },
    userId: { type: String, required: true },
    joinedAt: { type: Date, required: true },
    early: { type: Boolean, required: true },
    position: { type: Number, default: null },
    admittedAt: { type: Date },
    expiresAt: { type: Date },
    state: { type: String, required: true },
    nonce: { type: String, required: true },
  },
  { collection: 'presale_places', autoIndex: false, versionKey: false },
);
placeSchema.index({ presaleId: 1, userId: 1 }, { unique: true });
placeSchema.index({ presaleId: 1, position: 1 });
placeSchema.index({ presaleId: 1, state: 1, expiresAt: 1 });

export async function presaleModels(db: Connection): Promise<{ presales: Model<PresaleDocument>; places: Model<PresalePlaceDocument> }> {
  const presales = (db.models.Presale as Model<PresaleDocument> | undefined) ?? db.model<PresaleDocument>('Presale', presaleSchema);
  const places =
    (db.models.PresalePlace as Model<PresalePlaceDocument> | undefined) ?? db.model<PresalePlaceDocument>('PresalePlace', placeSchema);
  await Promise.all([presales.createIndexes(), places.createIndexes()]);
  return { presales, places };
}
