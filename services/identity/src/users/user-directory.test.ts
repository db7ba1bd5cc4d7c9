import type { Page, UserView } from '@cine/contracts';
import { UserDirectory } from './user-directory';

const user = (n: number, role: UserView['role'] = 'user'): UserView => ({
  id: n.toString(16).padStart(24, '0'),
  username: `Socio ${n}`,
  email: `socio${n}@cine.test`,
  role,
});

describe('UserDirectory', () => {
  let stored: UserView[];
  let reads: number;
  let clock: number;
  let directory: UserDirectory;

  beforeEach(() => {
    stored = [user(1), user(2, 'staff'), user(3)];
    reads = 0;
    clock = 0;
    directory = new UserDirectory(
      async () => {
        reads += 1;
        return [...stored];
      },
      { maxAgeMs: 5000, now: () => clock },
    );
  });

  const ids = async (query = {}) => ((await directory.list({ page: 1, ...query })) as Page<UserView>).items.map((item) => item.id);

  it("answers from one read until it is maxAgeMs old; this process's writes show at once", async () => {
    expect(await ids()).toEqual([user(1).id, user(2).id, user(3).id]);
    directory.remember(user(4).id, user(4));
    directory.remember(user(1).id, null);

    expect(await ids()).toEqual([user(2).id, user(3).id, user(4).id]);
    expect(reads).toBe(1);
  });

  it("sees another instance's writes after maxAgeMs and one read, answering from the copy meanwhile", async () => {
    await ids();
    stored.push(user(5, 'staff'));
    clock = 6000;

    expect(await ids({ role: 'staff' })).toEqual([user(2).id]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ids({ role: 'staff' })).toEqual([user(2).id, user(5).id]);
    expect(reads).toBe(2);
  });

  it('keeps a write made while a read runs, which that read may have missed', async () => {
    let release: () => void = () => undefined;
    const slow = new UserDirectory(async () => {
      const before = [...stored];
      await new Promise<void>((resolve) => (release = resolve));
      return before;
    });
    const first = slow.list({});
    slow.remember(user(6).id, user(6));
    release();

    expect(((await first) as UserView[]).map((item) => item.id)).toContain(user(6).id);
  });
});
