import mongoose, { type Connection } from 'mongoose';

// Client input never reaches a filter unvalidated: every route's schema types
// its fields, so {"$gt": ""} in place of a string is refused with 400 before
// any query runs.
mongoose.set('strictQuery', true);

/** FerretDB answers buildInfo with `ferretdbVersion`; MongoDB does not. */
async function isFerretDb(connection: Connection): Promise<boolean> {
  const info = await connection.db?.admin().command({ buildInfo: 1 });
  return Boolean(info && 'ferretdbVersion' in info);
}

/**
 * Connects to the service's own database on the MongoDB(-wire) server, with
 * the driver's connection pool on either server: the embedded FerretDB is
 * patched (infra/ferretdb/patches) so a single-document update is atomic
 * across connections, and a pool keeps one slow query (a report) from
 * holding up every other request of the service.
 */
/**
 * Connections the pool opens at start and keeps. The driver opens at most two at a time, so a presale's first burst
 * on an empty pool queued behind the opening of every connection it needed (a burst right after start sold slower
 * than the same burst a minute later). A URL's own `minPoolSize` holds.
 */
const MIN_POOL_SIZE = 10;

export async function connectDatabase(mongoUrl: string, dbName: string, { monitorCommands = false } = {}): Promise<Connection> {
  const connection = mongoose.createConnection(mongoUrl, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB v1 does not support retryable writes; a replica set's URL turns them on
    // (`retryWrites=true&w=majority`, as the Helm chart builds it), and the driver's options would override it.
    ...(/[?&]retryWrites=/i.test(mongoUrl) ? {} : { retryWrites: false }),
    ...(/[?&]minPoolSize=/i.test(mongoUrl) ? {} : { minPoolSize: MIN_POOL_SIZE }),
    // The driver's command events, for the time per operation (telemetry/database-metrics.ts); unset, the URL's own setting holds.
    ...(monitorCommands ? { monitorCommands } : {}),
  });
  await connection.asPromise();
  if (await isFerretDb(connection)) ferretDbConnections.add(connection);
  return connection;
}

const ferretDbConnections = new WeakSet<Connection>();

/**
 * True for a connection to FerretDB. FerretDB v1 (SQLite) narrows a query in
 * the database only by its `_id` condition (a string or ObjectId; patched to
 * work beside other conditions, as in `{ _id, version }`) and uses no other
 * index: a filter without `_id` reads and decodes every document of the
 * collection, so hot paths over growing collections look documents up by id.
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
