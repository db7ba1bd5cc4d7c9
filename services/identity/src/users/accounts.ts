import { FIRST_CINEMA_ID, type CineEvent, type Role, type UserView } from '@cine/contracts';
import {
  createEvent,
  type KnownCinemas,
  mailboxKey,
  type EventBus,
  type OutboxRelay,
  type PaidTicketCounts,
  type PaidTickets,
  type SharedCounters,
} from '@cine/service-kit';
import type { AdminAccount, SeededManager } from '../settings';
import type { PasswordHasher } from '../security/password-hasher';
import { usernameProblem } from '../security/username-policy';
import {
  MAX_RECOVERY_ATTEMPTS,
  newRecoveryCode,
  RECOVERY_CODE_TTL_MS,
  RECOVERY_LIMITS,
  type RecoveryCodeHasher,
} from '../security/recovery-codes';
import { assignCinemas, cinemasOf, scopeChanges } from './cinema-assignment';
import { normalizeEmail, toUserView, type ProfileChanges, type UserRecord, type UsersRepository } from './users-repository';

export interface Registration {
  email: string;
  username: string;
  password: string;
  role: Role;
  /** Manager and staff: the cinemas they work at (required for them, ignored for other roles). */
  cinemaIds?: string[];
}

/** Why the cinemas of a manager or staff member were refused. */
export type CinemaProblem = { outcome: 'cinemas-required' } | { outcome: 'cinema-not-found'; cinemaId: string };

export type RegistrationOutcome = { outcome: 'registered'; user: UserView } | { outcome: 'email-taken' } | CinemaProblem;
export type PasswordChangeOutcome = 'changed' | 'forbidden' | 'wrong-current-password' | 'not-found' | 'stale' | 'same-password';
/** A reset's answer; `too-many-guesses` carries the milliseconds until the account's guesses are counted afresh. */
export type ResetOutcome = { outcome: 'changed' | 'invalid-code' } | { outcome: 'too-many-guesses'; retryInMs: number };
/** Who set a new password, for the owner's mail. */
type ChangedBy = 'user' | 'admin' | 'recovery';
export type DeletionOutcome = 'deleted' | 'not-found' | 'own-account' | 'stale' | ({ outcome: 'sold' } & PaidTicketCounts);
export type ProfileUpdateOutcome =
  | { outcome: 'updated'; user: UserView }
  | { outcome: 'username-refused'; message: string }
  | { outcome: 'not-found' | 'own-role' | 'email-taken' | 'stale' }
  | CinemaProblem;

export interface AccountsDependencies {
  users: UsersRepository;
  passwords: PasswordHasher;
  recoveryCodes: RecoveryCodeHasher;
  relay: OutboxRelay;
  /** The users' paid tickets of shows not yet started (booking's order events): such a user is not deleted. */
  paidTickets: PaidTickets;
  clock?: () => Date;
  /** Credential events are also published straight away on it (see announceRevocation). */
  bus?: EventBus;
  /** The recovery limits' counters, shared by every instance (RECOVERY_LIMITS). */
  counters: SharedCounters;
  /** The chain's cinemas as booking announced them (`cinema.saved`): a manager's or staff member's must exist. */
  cinemas: KnownCinemas;
}

/** How long a password change, role change or deletion waits for the services to hear of it before answering. */
const REVOCATION_WAIT_MS = 2_000;

/**
 * The identity use cases. Each state change other services care about is
 * recorded with its event (outbox) and the relay is nudged to publish it.
 */
export class Accounts {
  constructor(private readonly deps: AccountsDependencies) {}

  get users(): UsersRepository {
    return this.deps.users;
  }

  /**
   * Credential events go ahead of other work: besides the outbox (which keeps
   * them until the broker has them, and publishes them again later: the
   * consumers are idempotent by event id), they are published right after the
   * write, and the answer waits for that (at most REVOCATION_WAIT_MS). So a
   * backlog of other events in the relay (a burst of anonymous recovery
   * requests) cannot delay a revocation: on the in-process bus every service
   * has revoked the old tokens before the answer leaves; on RabbitMQ each
   * service's own credentials queue has the event.
   */
  private async announceRevocation(event: CineEvent): Promise<void> {
    const bus = this.deps.bus;
    if (!bus) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, REVOCATION_WAIT_MS)));
    await Promise.race([bus.publish(event).catch(() => undefined), timeout]);
    clearTimeout(timer);
  }

  async register({ email, username, password, role, cinemaIds: requested }: Registration): Promise<RegistrationOutcome> {
    const { users, passwords } = this.deps;
    const assignment = await this.checkCinemas(role, requested);
    if (assignment.outcome !== 'assigned') return assignment;
    const id = users.newId();
    const { cinemaIds } = assignment;
    const user = { id, email: normalizeEmail(email), username, role, ...(cinemaIds ? { cinemaIds } : {}) };
    const registered = createEvent('user.registered', { userId: id, email: user.email, username });
    const inserted = await users.insert({ ...user, passwordHash: await passwords.hash(password) }, [registered]);
    if (!inserted) return { outcome: 'email-taken' };
    this.deps.relay.nudge(id);
    return { outcome: 'registered', user: toUserView(user) };
  }

  /**
   * The cinemas to store for a user of `role` (assignCinemas), each one a cinema of the chain: one booking
   * announced, or the first cinema, which every installation has even before its `cinema.saved` arrives.
   */
  private async checkCinemas(
    role: Role,
    requested: readonly string[] | undefined,
    current?: readonly string[],
  ): Promise<{ outcome: 'assigned'; cinemaIds: string[] | undefined } | CinemaProblem> {
    const assignment = assignCinemas(role, requested, current);
    if (assignment.outcome !== 'assigned' || !requested) return assignment;
    for (const cinemaId of assignment.cinemaIds ?? []) {
      if (cinemaId !== FIRST_CINEMA_ID && !(await this.deps.cinemas.find(cinemaId))) return { outcome: 'cinema-not-found', cinemaId };
    }
    return assignment;
  }

  /** The user whose e-mail and password these are, or null (unknown e-mail or wrong password alike). */
  async checkCredentials(email: string, password: string): Promise<UserRecord | null> {
    const user = await this.deps.users.findByEmail(email);
    const valid = await this.deps.passwords.verify(user?.passwordHash, password);
    return valid ? user : null;
  }

  /**
   * A user changes their own password; an admin anyone's. Either way the caller
   * proves their own current password, so a stolen token alone changes nothing
   * (an admin resetting a user's password gives the admin's, not the user's).
   * Every older token of that user stops working.
   */
  async changePassword(caller: UserRecord, email: string, password: string, currentPassword: string): Promise<PasswordChangeOutcome> {
    if (caller.role !== 'admin' && normalizeEmail(email) !== caller.email) return 'forbidden';
    if (!(await this.deps.passwords.verify(caller.passwordHash, currentPassword))) return 'wrong-current-password';
    const user = await this.deps.users.findByEmail(email);
    if (!user) return 'not-found';
    if (await this.deps.passwords.verify(user.passwordHash, password)) return 'same-password';
    return (await this.setPassword(user, password, user.id === caller.id ? 'user' : 'admin')) ? 'changed' : 'stale';
  }

  /**
   * Ends one session ("Cerrar sesión"): every service refuses that token from now on, the user's other
   * sessions go on. A token without a session id (issued before sessions had one) just expires.
   */
  async signOut(user: UserRecord, sessionId: string | undefined, expiresAt: Date): Promise<void> {
    if (!sessionId || expiresAt.getTime() <= Date.now()) return;
    const signedOut = createEvent('user.signed-out', { userId: user.id, sessionId, expiresAt: expiresAt.toISOString() });
    await this.deps.users.recordEvents(user, [signedOut]);
    this.deps.relay.nudge(user.id);
    await this.announceRevocation(signedOut);
  }

  async deleteUser(caller: UserRecord, email: string): Promise<DeletionOutcome> {
    const user = await this.deps.users.findByEmail(email);
    if (!user) return 'not-found';
    if (user.id === caller.id) return 'own-account';
    const sold = await this.deps.paidTickets.upcoming({ userId: user.id }, (this.deps.clock ?? (() => new Date()))());
    if (sold.orders > 0) return { outcome: 'sold', ...sold };
    const deleted = createEvent('user.deleted', { userId: user.id, email: user.email });
    if (!(await this.deps.users.markDeleted(user, [deleted]))) return 'stale';
    this.deps.relay.nudge(user.id);
    await this.announceRevocation(deleted);
    return 'deleted';
  }

  /**
   * A change of role or of cinemas also revokes the user's tokens, so a demoted admin loses admin rights at
   * once and a manager moved to another cinema keeps no token of the old one.
   */
  async updateProfile(
    caller: UserRecord,
    id: string,
    { cinemaIds: requested, ...changes }: Omit<ProfileChanges, 'credentialsVersion' | 'cinemaIds'> & { cinemaIds?: string[] },
  ): Promise<ProfileUpdateOutcome> {
    const user = await this.deps.users.findById(id);
    if (!user) return { outcome: 'not-found' };
    const role = changes.role ?? user.role;
    const assignment = await this.checkCinemas(role, requested, cinemasOf(user));
    if (assignment.outcome !== 'assigned') return assignment;
    const { cinemaIds } = assignment;
    const scopeChanged = scopeChanges(user, { role, ...(cinemaIds ? { cinemaIds } : {}) });
    if (scopeChanged && user.id === caller.id) return { outcome: 'own-role' };
    // Only a new name is checked: the seeded admin, called 'admin', can still be saved as listed.
    const badName = changes.username !== undefined && changes.username !== user.username ? usernameProblem(changes.username) : undefined;
    if (badName) return { outcome: 'username-refused', message: badName };
    const credentialsVersion = scopeChanged ? user.credentialsVersion + 1 : user.credentialsVersion;
    const updated = toUserView({
      ...user,
      ...changes,
      ...(changes.email ? { email: normalizeEmail(changes.email) } : {}),
      ...(cinemaIds ? { cinemaIds } : {}),
    });
    const renamed = updated.username !== user.username || updated.email !== user.email;
    const events: CineEvent[] = [
      ...(scopeChanged ? [createEvent('user.credentials-changed', { userId: user.id, credentialsVersion })] : []),
      // Catalog's comment authors and notification's recipients follow the new name and address.
      ...(renamed ? [createEvent('user.updated', { userId: user.id, email: updated.email, username: updated.username })] : []),
    ];
    const stored = { ...changes, cinemaIds: cinemaIds ?? null, credentialsVersion };
    const outcome = await this.deps.users.updateProfile(user, stored, events);
    if (outcome !== 'updated') return { outcome };
    if (events.length > 0) {
      this.deps.relay.nudge(user.id);
      const revocations = events.filter((event) => event.type === 'user.credentials-changed');
      await Promise.all(revocations.map((event) => this.announceRevocation(event)));
    }
    return { outcome: 'updated', user: updated };
  }

  /**
   * Sends a fresh one-time code by mail (through password.recovery-requested)
   * when the e-mail belongs to a user; does nothing otherwise, and the caller
   * answers the same either way.
   */
  async requestRecovery(email: string): Promise<void> {
    const { counters } = this.deps;
    const { codesPerAccount, mailsPerMailbox } = RECOVERY_LIMITS;
    // Counted for unknown e-mails too: the work and the answer are the same either way.
    const pace = await counters.hit(`recovery-codes:${normalizeEmail(email)}`, codesPerAccount.windowMs);
    if (pace.current > codesPerAccount.max) return;
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    const mails = await counters.hit(`recovery-mails:${mailboxKey(user.email)}`, mailsPerMailbox.windowMs);
    if (mails.current > mailsPerMailbox.max) return;
    const code = newRecoveryCode();
    const expiresAt = new Date(Date.now() + RECOVERY_CODE_TTL_MS);
    const requested = createEvent('password.recovery-requested', {
      email: user.email,
      username: user.username,
      code,
      expiresAt: expiresAt.toISOString(),
    });
    const recovery = { codeHash: this.deps.recoveryCodes.hash(user.id, code), expiresAt, attemptsLeft: MAX_RECOVERY_ATTEMPTS };
    if (await this.deps.users.storeRecovery(user, recovery, [requested])) this.deps.relay.nudge(user.id);
  }

  /**
   * Sets a new password with a valid pending code. An unknown e-mail or a wrong, used, exhausted or expired
   * code is `invalid-code`; past the account's guesses (RECOVERY_LIMITS, whatever code is pending, an
   * unknown e-mail alike) `too-many-guesses`, even with the right code.
   */
  async resetPassword(email: string, code: string, password: string): Promise<ResetOutcome> {
    const { users, recoveryCodes, counters } = this.deps;
    const { guessesPerAccount } = RECOVERY_LIMITS;
    const guesses = await counters.hit(`recovery-guesses:${normalizeEmail(email)}`, guessesPerAccount.windowMs);
    if (guesses.current > guessesPerAccount.max) return { outcome: 'too-many-guesses', retryInMs: guesses.ttl };
    const user = await users.findByEmail(email);
    const pending = user?.recovery;
    const invalid = { outcome: 'invalid-code' } as const;
    if (!user || !pending || pending.expiresAt.getTime() <= Date.now()) return invalid;
    if (!(await users.takeRecoveryAttempt(user, pending.codeHash))) return invalid;
    if (!recoveryCodes.matches(pending.codeHash, user.id, code)) return invalid;
    return (await this.setPassword(user, password, 'recovery', pending.codeHash)) ? { outcome: 'changed' } : invalid;
  }

  /** Creates the configured admin when no user has its e-mail; an existing account is left as it is. */
  async ensureAdmin({ email, password }: AdminAccount): Promise<void> {
    if (await this.deps.users.findByEmail(email)) return;
    await this.register({ email, username: 'admin', password, role: 'admin' });
  }

  /**
   * Creates the seeded manager of a fresh installation, bound to a seeded cinema: the cinemas are known to
   * be there (booking seeds them), so its announcement is not waited for.
   */
  async seedManager({ email, password, cinemaId }: SeededManager): Promise<void> {
    const { users, passwords } = this.deps;
    if (await users.findByEmail(email)) return;
    const id = users.newId();
    const username = 'gerente.norte';
    const registered = createEvent('user.registered', { userId: id, email: normalizeEmail(email), username });
    const user = { id, email, username, role: 'manager' as const, cinemaIds: [cinemaId] };
    if (await users.insert({ ...user, passwordHash: await passwords.hash(password) }, [registered])) this.deps.relay.nudge(id);
  }

  private async setPassword(user: UserRecord, password: string, by: ChangedBy, recoveryCodeHash?: string): Promise<boolean> {
    const credentialsVersion = user.credentialsVersion + 1;
    const changed = createEvent('user.credentials-changed', { userId: user.id, credentialsVersion });
    // The owner hears of every change by mail (notification), so one they did not make does not go unnoticed.
    const told = createEvent('password.changed', {
      userId: user.id,
      email: user.email,
      username: user.username,
      changedAt: new Date().toISOString(),
      by,
    });
    const passwordHash = await this.deps.passwords.hash(password);
    const replaced = await this.deps.users.replaceCredentials(
      user,
      { passwordHash, credentialsVersion, ...(recoveryCodeHash ? { recoveryCodeHash } : {}) },
      [changed, told],
    );
    if (replaced) {
      this.deps.relay.nudge(user.id);
      await this.announceRevocation(changed);
    }
    return replaced;
  }
}
