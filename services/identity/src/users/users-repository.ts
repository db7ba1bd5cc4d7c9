import { type CineEvent, isObjectIdText, type Page, type Role, type UserView } from '@cine/contracts';
import { escapeRegex, isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Model, type UpdateQuery } from 'mongoose';
import { cinemasOf } from './cinema-assignment';
import { UserDirectory, type UserListQuery } from './user-directory';
import type { PendingRecovery, UserDocument } from './user-model';

/** A live user as the domain sees it (never sent to clients as is: see toUserView). */
export interface UserRecord extends UserView {
  passwordHash: string;
  credentialsVersion: number;
  recovery?: PendingRecovery;
}

export interface NewUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  /** Manager and staff only. */
  cinemaIds?: string[];
  passwordHash: string;
}

export interface ProfileChanges {
  email?: string;
  username?: string;
  role?: Role;
  /** null: the user works at no cinema any more (a role without cinemas). */
  cinemaIds?: string[] | null;
  credentialsVersion?: number;
}

export type UpdateOutcome = 'updated' | 'stale' | 'email-taken';

const ACTIVE = { deletedAt: { $exists: false } };

function containing(text: string) {
  return { $regex: escapeRegex(text), $options: 'i' };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What clients see of a user: manager and staff with their cinemas (staff from before the chain: the first cinema). */
export function toUserView(user: UserView): UserView {
  const cinemaIds = cinemasOf(user);
  return { id: user.id, username: user.username, email: user.email, role: user.role, ...(cinemaIds ? { cinemaIds } : {}) };
}

type StoredUser = Omit<UserDocument, 'outbox'>;

function toRecord(document: StoredUser): UserRecord {
  return {
    id: document._id.toHexString(),
    email: document.email,
    username: document.username,
    role: document.role,
    ...(document.cinemaIds ? { cinemaIds: document.cinemaIds } : {}),
    passwordHash: document.passwordHash,
    credentialsVersion: document.credentialsVersion,
    ...(document.recovery ? { recovery: document.recovery } : {}),
  };
}

type StoredView = Pick<StoredUser, '_id' | 'email' | 'username' | 'role' | 'cinemaIds'>;

function toView(document: StoredView): UserView {
  const { _id, username, email, role, cinemaIds } = document;
  return toUserView({ id: _id.toHexString(), username, email, role, ...(cinemaIds ? { cinemaIds } : {}) });
}

const VIEW_FIELDS = { email: 1, username: 1, role: 1, cinemaIds: 1 };
const RECORD_FIELDS = { outbox: 0 };

/**
 * Every read and write of the users collection. Writes that other services
 * must hear about carry their events into the document's outbox in the same
 * single-document update (FerretDB has no transactions); writes that depend
 * on what was read are conditional on the credentials version, so a
 * concurrent change makes them 'stale' instead of overwriting it.
 */
export class UsersRepository {
  private readonly directory: UserDirectory;

  constructor(private readonly model: Model<UserDocument>) {
    this.directory = new UserDirectory(() => this.all());
  }

  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  /** False when the e-mail is already registered. */
  async insert(user: NewUser, events: CineEvent[]): Promise<boolean> {
    try {
      await this.model.create({
        _id: new Types.ObjectId(user.id),
        email: normalizeEmail(user.email),
        username: user.username,
        role: user.role,
        ...(user.cinemaIds ? { cinemaIds: user.cinemaIds } : {}),
        passwordHash: user.passwordHash,
        credentialsVersion: 1,
        outbox: events,
      });
      this.directory.remember(user.id, toUserView({ ...user, email: normalizeEmail(user.email) }));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async findById(id: string): Promise<UserRecord | null> {
    if (!isObjectIdText(id)) return null;
    const document = await this.model.findOne({ _id: id, ...ACTIVE }, RECORD_FIELDS).lean<StoredUser>();
    return document ? toRecord(document) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const document = await this.model.findOne({ email: normalizeEmail(email), ...ACTIVE }, RECORD_FIELDS).lean<StoredUser>();
    return document ? toRecord(document) : null;
  }

  /** The admin's Usuarios: of a role, whose username or e-mail contains `q` (case ignored); paged with `page` (user-directory.ts). */
  list(query: UserListQuery = {}): Promise<Page<UserView> | UserView[]> {
    return this.directory.list(query);
  }

  /** Every active user, by registration, read from the database (the directory's reads, the users' replay). */
  async all(): Promise<UserView[]> {
    return (await this.model.find(ACTIVE, VIEW_FIELDS).sort({ _id: 1 }).lean<StoredView[]>()).map(toView);
  }

  /** Whether any user, live or deleted, was ever stored (a fresh installation has none). */
  async anyStored(): Promise<boolean> {
    return (await this.model.findOne({}, { _id: 1 }).lean()) !== null;
  }

  /** Case-insensitive partial match on the username; the term is literal text, not a pattern. */
  async searchByUsername(term: string): Promise<UserView[]> {
    const documents = await this.model
      .find({ username: containing(term), ...ACTIVE }, VIEW_FIELDS)
      .sort({ _id: 1 })
      .lean<StoredView[]>();
    return documents.map(toView);
  }

  async updateProfile(user: UserRecord, changes: ProfileChanges, events: CineEvent[]): Promise<UpdateOutcome> {
    const { cinemaIds, ...fields } = changes;
    const set = { ...fields, ...(changes.email ? { email: normalizeEmail(changes.email) } : {}), ...(cinemaIds ? { cinemaIds } : {}) };
    const unset = cinemaIds === null ? { $unset: { cinemaIds: 1 } } : {};
    try {
      if (!(await this.updateIfCurrent(user, {}, { $set: set, ...unset, ...pushEvents(events) }))) return 'stale';
      // Without cinemas means a role without them: toUserView shows none whatever `user` held.
      this.directory.remember(user.id, toUserView({ ...user, ...set }));
      return 'updated';
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'email-taken';
      throw error;
    }
  }

  /**
   * Sets a new password hash and credentials version and drops any pending
   * recovery code. With `recoveryCodeHash`, only while that code is the pending one.
   */
  async replaceCredentials(
    user: UserRecord,
    change: { passwordHash: string; credentialsVersion: number; recoveryCodeHash?: string },
    events: CineEvent[],
  ): Promise<boolean> {
    const codeCondition = change.recoveryCodeHash ? { 'recovery.codeHash': change.recoveryCodeHash } : {};
    return this.updateIfCurrent(user, codeCondition, {
      $set: { passwordHash: change.passwordHash, credentialsVersion: change.credentialsVersion },
      $unset: { recovery: 1 },
      ...pushEvents(events),
    });
  }

  /** Turns the user into a tombstone: the e-mail is free again and no token of theirs is accepted. */
  async markDeleted(user: UserRecord, events: CineEvent[]): Promise<boolean> {
    const deleted = await this.updateIfCurrent(
      user,
      {},
      {
        $set: { deletedAt: new Date(), email: `${user.id}.deleted`, username: '', passwordHash: '' },
        $unset: { recovery: 1 },
        ...pushEvents(events),
      },
    );
    if (deleted) this.directory.remember(user.id, null);
    return deleted;
  }

  /** Replaces any pending recovery code of the user. */
  async storeRecovery(user: UserRecord, recovery: PendingRecovery, events: CineEvent[]): Promise<boolean> {
    return this.update({ _id: user.id, ...ACTIVE }, { $set: { recovery }, ...pushEvents(events) });
  }

  /** Records events about the user (a sign-out) in its outbox, changing nothing else. */
  async recordEvents(user: UserRecord, events: CineEvent[]): Promise<boolean> {
    return this.update({ _id: user.id, ...ACTIVE }, pushEvents(events));
  }

  /** Spends one attempt of the pending code; false when that code is gone or has no attempts left. */
  async takeRecoveryAttempt(user: UserRecord, codeHash: string): Promise<boolean> {
    return this.update(
      { _id: user.id, 'recovery.codeHash': codeHash, 'recovery.attemptsLeft': { $gt: 0 }, ...ACTIVE },
      { $inc: { 'recovery.attemptsLeft': -1 } },
    );
  }

  private updateIfCurrent(user: UserRecord, condition: object, update: UpdateQuery<UserDocument>): Promise<boolean> {
    return this.update({ _id: user.id, credentialsVersion: user.credentialsVersion, ...ACTIVE, ...condition }, update);
  }

  private async update(filter: object, update: UpdateQuery<UserDocument>): Promise<boolean> {
    const result = await this.model.updateOne(filter, update);
    return result.matchedCount === 1;
  }
}

function pushEvents(events: CineEvent[]): UpdateQuery<UserDocument> {
  return events.length > 0 ? { $push: { outbox: { $each: events } } } : {};
}
