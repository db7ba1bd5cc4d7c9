import mongoose, { type Connection } from 'mongoose';

// Client input never reaches a filter unvalidated: every route's schema types
// its fields, so {"$gt": ""} in place of a string is refused with 400 before
// any query runs.
mongoose.set('strictQuery', true);

async function open(mongoUrl: string, dbName: string, maxPoolSize?: number): Promise<Connection> {
  const connection = mongoose.createConnection(mongoUrl, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB v1 does not support retryable writes.
    retryWrites: false,
    ...(maxPoolSize ? { maxPoolSize } : {}),
  });
  await connection.asPromise();
  return connection;
}

/** FerretDB answers buildInfo with `ferretdbVersion`; MongoDB does not. */
async function isFerretDb(connection: Connection): Promise<boolean> {
  const info = await connection.db?.admin().command({ buildInfo: 1 });
  return Boolean(info && 'ferretdbVersion' in info);
}

/**
 * Connects to the service's own database on the MongoDB(-wire) server.
 *
 * FerretDB v1 applies an update by reading and rewriting the document with
 * no isolation between connections: concurrent updates of one document lose
 * writes (50 concurrent $inc leave 5; conditional decrements oversell). On
 * FerretDB every operation of the service therefore goes through a single
 * connection, which FerretDB runs one at a time; MongoDB keeps a normal pool.
 */
export async function connectDatabase(mongoUrl: string, dbName: string): Promise<Connection> {
  const connection = await open(mongoUrl, dbName);
  if (!(await isFerretDb(connection))) return connection;
  await connection.close();
  const single = await open(mongoUrl, dbName, 1);
  ferretDbConnections.add(single);
  return single;
}

const ferretDbConnections = new WeakSet<Connection>();

/**
 * True for a connection to FerretDB. FerretDB v1 (SQLite) narrows a query in
 * the database only for a filter on `_id` alone: any other filter, even
 * `{ _id, state }`, reads and decodes every document of the collection.
 * Hot paths over growing collections read by id and check the rest here.
 */
export function isFerretDbConnection(connection: Connection): boolean {
  return ferretDbConnections.has(connection);
}

/**
 * A unique-index violation. MongoDB reports 11000; FerretDB reports inserts
 * as 11000 but updates as an internal SQLite error.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

export function isDatabaseUp(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}

/** The text as a literal inside a `$regex` query (a user's search never becomes a pattern). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
