import type { Page, PagingQuery, Role, USER_SORTS, UserView } from '@cine/contracts';
import { pageOfList } from '@cine/service-kit';

type UserSortField = (typeof USER_SORTS)[number];

/** The Usuarios list's query: paging plus its filters. */
export interface UserListQuery extends PagingQuery<UserSortField> {
  role?: Role;
  q?: string;
}

/** Reads every live user's view (id, username, e-mail, role), by id. */
export type ReadAllUsers = () => Promise<UserView[]>;

export interface UserDirectoryOptions {
  /** How old (ms) the read behind an answer may be before a new one starts (in the background once there is a copy). */
  maxAgeMs?: number;
  now?: () => number;
}

interface Snapshot {
  /** When the read behind it started. */
  readAt: number;
  byId: Map<string, UserView>;
  /** Every user by id (registration order), then each sort field's order, made on first use. */
  sorted: Map<UserSortField, UserView[]>;
}

const names = new Intl.Collator('es', { sensitivity: 'base' });
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareUsers(field: UserSortField, a: UserView, b: UserView): number {
  switch (field) {
    case 'createdAt':
      // An ObjectId starts with its creation time: in hex, ids sort by registration.
      return byCodePoint(a.id, b.id);
    case 'username':
      return names.compare(a.username, b.username);
    case 'email':
    case 'role':
      return byCodePoint(a[field], b[field]);
  }
}

/**
 * The admin's Usuarios, paged, sorted and filtered from a copy of every live user kept in memory:
 * FerretDB (the embedded default) reads every document of a collection for any filter or sort but
 * by _id, which at 10,000 users took seconds per page. The copy is read again when it is older than
 * `maxAgeMs` (5 s): the first request waits for it, later ones are answered from the copy while
 * the new read runs. This process's own writes show at once (remember()), also in a read that
 * started before them; another identity instance's, at most `maxAgeMs` plus one read later.
 */
export class UserDirectory {
  private snapshot?: Snapshot;
  private refreshing?: Promise<Snapshot>;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** This process's writes while a read runs: replayed over it (it may have missed them). */
  private writesDuringRead?: Array<{ id: string; user: UserView | null }>;

  constructor(
    private readonly readAll: ReadAllUsers,
    { maxAgeMs = 5000, now = Date.now }: UserDirectoryOptions = {},
  ) {
    this.maxAgeMs = maxAgeMs;
    this.now = now;
  }

  async list({ role, q, ...paging }: UserListQuery): Promise<Page<UserView> | UserView[]> {
    const snapshot = await this.current();
    const field = (paging.sort ?? 'createdAt').replace(/^-/, '') as UserSortField;
    const text = q?.toLowerCase();
    // The field's order is made once per copy; pageOfList's stable sort then only reverses or keeps it.
    const users = this.sortedBy(snapshot, field).filter(
      (user) =>
        (role === undefined || user.role === role) &&
        (text === undefined || user.username.toLowerCase().includes(text) || user.email.includes(text)),
    );
    return pageOfList(users, paging, 'createdAt', (_field, a, b) => compareUsers(field, a, b));
  }

  /** After this process wrote a user: its new view, or null once deleted. */
  remember(id: string, user: UserView | null): void {
    this.writesDuringRead?.push({ id, user });
    if (this.snapshot) this.apply(this.snapshot, id, user);
  }

  private sortedBy(snapshot: Snapshot, field: UserSortField): UserView[] {
    let sorted = snapshot.sorted.get(field);
    if (!sorted) {
      const byId = snapshot.sorted.get('createdAt') ?? [...snapshot.byId.values()].sort((a, b) => compareUsers('createdAt', a, b));
      snapshot.sorted.set('createdAt', byId);
      sorted = field === 'createdAt' ? byId : [...byId].sort((a, b) => compareUsers(field, a, b));
      snapshot.sorted.set(field, sorted);
    }
    return sorted;
  }

  private current(): Promise<Snapshot> {
    const stale = !this.snapshot || this.snapshot.readAt < this.now() - this.maxAgeMs;
    if (stale && !this.refreshing) {
      this.refreshing = this.read().finally(() => {
        this.refreshing = undefined;
      });
      // A failed background read leaves the copy as it was; the next request tries again.
      this.refreshing.catch(() => undefined);
    }
    return this.snapshot ? Promise.resolve(this.snapshot) : (this.refreshing as Promise<Snapshot>);
  }

  private async read(): Promise<Snapshot> {
    const startedAt = this.now();
    const writes: Array<{ id: string; user: UserView | null }> = [];
    this.writesDuringRead = writes;
    try {
      const users = await this.readAll();
      const snapshot: Snapshot = { readAt: startedAt, byId: new Map(users.map((user) => [user.id, user])), sorted: new Map() };
      for (const write of writes) this.apply(snapshot, write.id, write.user);
      this.snapshot = snapshot;
      return snapshot;
    } finally {
      this.writesDuringRead = undefined;
    }
  }

  private apply(snapshot: Snapshot, id: string, user: UserView | null): void {
    if (user) snapshot.byId.set(id, user);
    else snapshot.byId.delete(id);
    snapshot.sorted.clear();
  }
}
