import { ROLES, type Role } from '@cine/contracts';
import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A recovery code waiting to be used: only its keyed hash is stored. */
export interface PendingRecovery {
  codeHash: string;
  expiresAt: Date;
  attemptsLeft: number;
}

export interface UserDocument extends WithOutbox {
  _id: Types.ObjectId;
  /** Lowercase; unique. A deleted user's tombstone holds `<id>.deleted`, which is no e-mail address. */
  email: string;
  username: string;
  role: Role;
  /** Manager and staff: the cinemas they work at (absent on staff registered before the chain: the first cinema). */
  cinemaIds?: string[];
  passwordHash: string;
  /** Raised by every password change: tokens carrying an older `ver` are refused. */
  credentialsVersion: number;
  recovery?: PendingRecovery;
  /** Set on deletion: the document stays as a tombstone carrying the user.deleted event. */
  deletedAt?: Date;
}

const recoverySchema = new Schema<PendingRecovery>(
  {
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    attemptsLeft: { type: Number, required: true },
  },
  { _id: false },
);

const userSchema = new Schema<UserDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    username: { type: String, required: true },
    role: { type: String, enum: ROLES, default: 'user' },
    cinemaIds: { type: [String], required: false, default: undefined },
    passwordHash: { type: String, required: true },
    credentialsVersion: { type: Number, required: true, default: 1 },
    recovery: { type: recoverySchema, required: false },
    deletedAt: { type: Date, required: false },
  },
  { collection: 'users', timestamps: true, autoIndex: false },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.plugin(outboxPlugin);

/** The users model on the service's connection, with its unique e-mail index in place. */
export async function userModel(db: Connection): Promise<Model<UserDocument>> {
  const model = (db.models.User as Model<UserDocument> | undefined) ?? db.model<UserDocument>('User', userSchema);
  await model.createIndexes();
  return model;
}
