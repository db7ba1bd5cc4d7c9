import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, startEmbeddedMongo } from '../embedded-mongo';

/** What global teardown needs; kept on globalThis because setup and teardown are separate modules. */
interface TestDatabase {
  stop(): Promise<void>;
}

const KEY = Symbol.for('cine.embedded-mongo.test-database');
type Holder = { [KEY]?: TestDatabase };

/**
 * Gives the test run a MongoDB-wire server in MONGO_URL, unless one is given:
 * mongo:7 through testcontainers when TEST_MONGO=container, otherwise an
 * embedded FerretDB on a free port with a throw-away data folder.
 */
export async function startTestDatabase(): Promise<void> {
  if (process.env.MONGO_URL) return;
  const database = process.env.TEST_MONGO === 'container' ? await startContainer() : await startFerret();
  (globalThis as Holder)[KEY] = database.handle;
  process.env.MONGO_URL = database.url;
}

export async function stopTestDatabase(): Promise<void> {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) return;
  delete (globalThis as Holder)[KEY];
  delete process.env.MONGO_URL;
  await handle.stop();
}

async function startFerret(): Promise<{ url: string; handle: TestDatabase }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cine-test-ferretdb-'));
  const mongo = await startEmbeddedMongo({ dataDir, port: await findFreePort() });
  return {
    url: mongo.url,
    handle: {
      async stop() {
        await mongo.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    },
  };
}

async function startContainer(): Promise<{ url: string; handle: TestDatabase }> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer('mongo:7').start();
  // The container is a one-member replica set announced under an internal
  // host name, so the driver must talk to the mapped port directly.
  return {
    url: `${container.getConnectionString()}/?directConnection=true`,
    handle: {
      async stop() {
        await container.stop();
      },
    },
  };
}
