import type { PassFormat, PassStatus, RenewalOutcome } from '@cine/contracts';
import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A Cine Pase plan (`club_plans`): `nameKey` (the name in lower case) is unique; `renewing`, the renewals charging it now. */
export interface PlanDocument {
  _id: Types.ObjectId;
  name: string;
  nameKey: string;
  monthlyPrice: number;
  ticketsPerMonth: number;
  formats: PassFormat[];
  description?: string;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Ids of the renewals (`passId:period`) that registered here before charging this plan's price. */
  renewing: string[];
}

/**
 * A member's pass (`club_passes`), its events in its outbox (written with each change of it). `subscribing`
 * and `failed` are its own: a subscription whose first month is being charged, or was declined (no pass).
 */
export interface PassDocument extends WithOutbox {
  _id: Types.ObjectId;
  userId: string;
  planId: string;
  status: PassStatus | 'subscribing' | 'failed';
  /** The subscription's instant: every period is counted from it (periods.ts). */
  anchor: Date;
  /** The current period's index, its start and its end (the next renewal). */
  period: number;
  periodStart: Date;
  renewsAt: Date;
  graceUntil?: Date;
  customerId?: string;
  paymentMethodId?: string;
  cardLast4?: string;
  /** The first month's price, kept with the card before it is charged. */
  firstAmount?: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Who holds which pass (`club_pass_holders`, `_id` = userId): one live pass per member, claimed by this document. */
export interface HolderDocument {
  _id: string;
  passId: string;
}

/** One renewal of one pass for one period (`club_renewals`, `_id` = passId:period), claimed before it is charged. */
export interface RenewalDocument {
  _id: string;
  passId: string;
  userId: string;
  planId: string;
  planName: string;
  period: string;
  periodIndex: number;
  amount: number;
  state: 'charging' | 'done';
  /** While charging: the claim lapses then (a crashed instance), and another run takes it over with the same key. */
  leaseUntil: Date;
  outcome?: RenewalOutcome;
  reason?: string;
  paymentId?: string;
  attempts: number;
  at: Date;
}

/** One run of the renewal job (`club_renewal_runs`). */
export interface RunDocument {
  _id: Types.ObjectId;
  startedAt: Date;
  finishedAt?: Date;
  due: number;
  charged: number;
  declined: number;
  lapsed: number;
  ended: number;
  failed: number;
}

/** A period's pass tickets (`club_pass_usage`, `_id` = passId:period): `used` never above the plan's allowance. */
export interface UsageDocument {
  _id: string;
  used: number;
  orders: string[];
}

/** A show day's pass ticket (`club_pass_days`, `_id` = passId:day): one a day. */
export interface DayDocument {
  _id: string;
  orderId: string;
}

const passSchema = new Schema<PassDocument>(
  {
    userId: { type: String, required: true },
    planId: { type: String, required: true },
    status: { type: String, required: true },
    anchor: { type: Date, required: true },
    period: { type: Number, required: true },
    periodStart: { type: Date, required: true },
    renewsAt: { type: Date, required: true },
    graceUntil: { type: Date },
    customerId: { type: String },
    paymentMethodId: { type: String },
    cardLast4: { type: String },
    firstAmount: { type: Number },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'club_passes', autoIndex: false, versionKey: false },
);
passSchema.plugin(outboxPlugin);

export async function passModel(db: Connection): Promise<Model<PassDocument>> {
  return (db.models.ClubPass as Model<PassDocument> | undefined) ?? db.model<PassDocument>('ClubPass', passSchema);
}

/** The collections of the pass besides the passes' model, their indexes made. */
export async function passCollections(db: Connection) {
  const plans = db.collection<PlanDocument>('club_plans');
  await plans.createIndex({ nameKey: 1 }, { unique: true });
  return {
    plans,
    holders: db.collection<HolderDocument>('club_pass_holders'),
    renewals: db.collection<RenewalDocument>('club_renewals'),
    runs: db.collection<RunDocument>('club_renewal_runs'),
    usage: db.collection<UsageDocument>('club_pass_usage'),
    days: db.collection<DayDocument>('club_pass_days'),
  };
}

export type PassStores = Awaited<ReturnType<typeof passCollections>>;
