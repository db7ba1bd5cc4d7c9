import { randomUUID } from 'node:crypto';
import { connectDatabase, isDuplicateKeyError, isFerretDbConnection } from './database';

const mongoUrl = () => {
  const url = process.env.MONGO_URL;
  if (!url) throw new Error('MONGO_URL is not set');
  return url;
};

describe('connectDatabase (real server)', () => {
  it('keeps concurrent conditional updates of one document exact (no lost updates, no overselling)', async () => {
    const db = await connectDatabase(mongoUrl(), `test_db_${randomUUID().slice(0, 8)}`);
    const shows = db.collection<{ _id: string; seats: number; hits: number }>('shows');
    await shows.insertOne({ _id: 'show', seats: 10, hits: 0 });

    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => shows.findOneAndUpdate({ _id: 'show', seats: { $gte: 1 } }, { $inc: { seats: -1, hits: 1 } })),
    );
    await Promise.all(Array.from({ length: 50 }, () => shows.updateOne({ _id: 'show' }, { $inc: { hits: 1 } })));

    expect(attempts.filter(Boolean)).toHaveLength(10);
    expect(await shows.findOne({ _id: 'show' })).toEqual({ _id: 'show', seats: 0, hits: 60 });
    await db.dropDatabase();
    await db.close();
  });

  it("turns retryable writes off unless the URL asks for them (a replica set's, as the Helm chart builds it)", async () => {
    const base = mongoUrl();
    // The test server's URL is one host, maybe with a path or options already.
    const separator = base.includes('?') ? '&' : new URL(base).pathname.length > 1 ? '?' : '/?';
    const withOptions = `${base}${separator}retryWrites=true&w=majority`;
    const plain = await connectDatabase(base, `test_db_${randomUUID().slice(0, 8)}`);
    const replicaSetLike = await connectDatabase(withOptions, `test_db_${randomUUID().slice(0, 8)}`);
    try {
      expect(plain.getClient().options.retryWrites).toBe(false);
      expect(replicaSetLike.getClient().options.retryWrites).toBe(true);
      expect(replicaSetLike.getClient().options.writeConcern?.w).toBe('majority');
    } finally {
      await plain.close();
      await replicaSetLike.close();
    }
  });

  it("keeps connections open from the start (a first burst does not wait for them to open) unless the URL sets the pool's minimum", async () => {
    const base = mongoUrl();
    const separator = base.includes('?') ? '&' : new URL(base).pathname.length > 1 ? '?' : '/?';
    const plain = await connectDatabase(base, `test_db_${randomUUID().slice(0, 8)}`);
    const ownMinimum = await connectDatabase(`${base}${separator}minPoolSize=0`, `test_db_${randomUUID().slice(0, 8)}`);
    try {
      expect(plain.getClient().options.minPoolSize).toBe(10);
      expect(ownMinimum.getClient().options.minPoolSize).toBe(0);
    } finally {
      await plain.close();
      await ownMinimum.close();
    }
  });

  it('runs concurrent operations over several connections on either server (a pool, not one connection)', async () => {
    const db = await connectDatabase(mongoUrl(), `test_db_${randomUUID().slice(0, 8)}`);
    try {
      // whatsmyuri answers with the client's address: one port per connection.
      const answers = await Promise.all(Array.from({ length: 20 }, () => db.db!.admin().command({ whatsmyuri: 1 })));
      expect(new Set(answers.map((answer) => answer.you)).size).toBeGreaterThan(1);
    } finally {
      await db.close();
    }
  });

  it('knows a FerretDB connection from what the server says of itself', async () => {
    const db = await connectDatabase(mongoUrl(), `test_db_${randomUUID().slice(0, 8)}`);
    const info = await db.db?.admin().command({ buildInfo: 1 });
    expect(isFerretDbConnection(db)).toBe(Boolean(info && 'ferretdbVersion' in info));
    await db.close();
  });

  it('recognises unique-index violations on insert and on update', async () => {
    const db = await connectDatabase(mongoUrl(), `test_db_${randomUUID().slice(0, 8)}`);
    const users = db.collection<{ email: string }>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([{ email: 'a@cine.local' }, { email: 'b@cine.local' }]);
    const onInsert = await users.insertOne({ email: 'a@cine.local' }).catch((error: unknown) => error);
    const onUpdate = await users.updateOne({ email: 'b@cine.local' }, { $set: { email: 'a@cine.local' } }).catch((error: unknown) => error);
    expect(isDuplicateKeyError(onInsert)).toBe(true);
    expect(isDuplicateKeyError(onUpdate)).toBe(true);
    expect(isDuplicateKeyError(new Error('other'))).toBe(false);
    await db.dropDatabase();
    await db.close();
  });
});
