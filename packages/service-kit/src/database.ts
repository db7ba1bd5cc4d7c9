import mongoose, { type Connection } from 'mongoose';

// Client input never reaches a filter unvalidated: every route's schema types
// its fields, so {"$gt": ""} in place of a string is refused with 400 before
// any query runs.
mongoose.set('strictQuery', true);

/** Connects to the service's own database on the MongoDB(-wire) server. */
export async function connectDatabase(mongoUrl: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(mongoUrl, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB v1 does not support retryable writes.
    retryWrites: false,
  });
  await connection.asPromise();
  return connection;
}

export function isDatabaseUp(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}
