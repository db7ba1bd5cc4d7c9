import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { appendFile, copyFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { transformFileSync } from '@swc/core';
import { MongoClient, type Db } from 'mongodb';
import { ferretSourceHash } from './ferret-binary';
import { ensureFerretBinary, findFerretSourceDir, findFreePort, startEmbeddedMongo, type EmbeddedMongo } from './index';

// The first build on a machine with an empty Go cache takes minutes.
jest.setTimeout(10 * 60_000);

const tempDirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function withClient<T>(url: string, work: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(url, { directConnection: true, serverSelectionTimeoutMS: 5_000 });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('findFreePort', () => {
  it('answers a port nothing holds, below the range the system hands to listen(0)', async () => {
    const [low] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    for (const port of ports) {
      expect(port).toBeLessThan(low!);
      expect(await acceptsConnections(port)).toBe(false);
    }
  });

  it('never answers a port twice, even before any is bound', async () => {
    const ports = await Promise.all(Array.from({ length: 600 }, () => findFreePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe('ensureFerretBinary', () => {
  it('builds once for concurrent callers and then serves the cached binary', async () => {
    const cacheDir = await tempDir('cine-ferret-cache-');
    const onBuildStart = jest.fn();

    const [first, second] = await Promise.all([
      ensureFerretBinary({ cacheDir, onBuildStart }),
      ensureFerretBinary({ cacheDir, onBuildStart }),
    ]);

    expect(first).toBe(second);
    expect(onBuildStart).toHaveBeenCalledTimes(1);
    expect(() => accessSync(first, constants.X_OK)).not.toThrow();
    expect(path.relative(cacheDir, first)).toMatch(/^[0-9a-f]{16}\/cine-ferretdb$/);
    expect(await readdir(path.dirname(first))).toEqual(['cine-ferretdb']);

    const cached = await ensureFerretBinary({ cacheDir, onBuildStart });
    expect(cached).toBe(first);
    expect(onBuildStart).toHaveBeenCalledTimes(1);
  });

  /** A scratch copy of infra/ferretdb: the Go program and its patches. */
  async function copyOfFerretSource(): Promise<{ sourceDir: string; version: string; patches: string }> {
    const from = findFerretSourceDir();
    const sourceDir = await tempDir('cine-ferret-source-');
    for (const file of ['go.mod', 'go.sum', 'main.go']) await copyFile(path.join(from, file), path.join(sourceDir, file));
    await cp(path.join(from, 'patches'), path.join(sourceDir, 'patches'), { recursive: true });
    const goMod = await readFile(path.join(sourceDir, 'go.mod'), 'utf8');
    const version = /github\.com\/FerretDB\/FerretDB (v\S+)/.exec(goMod)![1]!;
    return { sourceDir, version, patches: path.join(sourceDir, 'patches', version) };
  }

  it('keys the cached binary by every patch too, so a changed or added patch builds anew', async () => {
    const { sourceDir, patches } = await copyOfFerretSource();
    const key = await ferretSourceHash(sourceDir);
    expect(await ferretSourceHash(findFerretSourceDir())).toBe(key);

    await appendFile(path.join(sourceDir, 'patches', 'README.md'), 'Notes are not patches.\n');
    expect(await ferretSourceHash(sourceDir)).toBe(key);

    const patch = path.join(patches, '0004-leak-tracking-off.patch');
    await writeFile(patch, (await readFile(patch, 'utf8')).replace('// Cine', '// Cine, changed'));
    const changed = await ferretSourceHash(sourceDir);
    expect(changed).not.toBe(key);

    await writeFile(path.join(patches, '0005-more.patch'), '');
    expect(await ferretSourceHash(sourceDir)).not.toBe(changed);
  });

  it('stops the build at a patch that no longer applies to the vendored FerretDB, naming it, and caches nothing', async () => {
    const { sourceDir, version, patches } = await copyOfFerretSource();
    // As if upstream had changed the line this patch replaces.
    const patch = path.join(patches, '0001-id-lookup-uses-id-index.patch');
    const text = await readFile(patch, 'utf8');
    expect(text).toContain(`-\tIDColumn = DefaultColumn + "->'$._id'"`);
    await writeFile(patch, text.replace(`-\tIDColumn = DefaultColumn + "->'$._id'"`, `-\tIDColumn = DefaultColumn + "->'$.id'"`));
    const cacheDir = await tempDir('cine-ferret-cache-');

    const build = ensureFerretBinary({ sourceDir, cacheDir, onBuildStart: () => undefined });

    await expect(build).rejects.toThrow(
      `El parche patches/${version}/0001-id-lookup-uses-id-index.patch no se aplica a FerretDB ${version}:`,
    );
    await expect(build).rejects.toThrow(/patch failed: .*internal\/backends\/sqlite\/metadata\/metadata\.go/);
    const key = await ferretSourceHash(sourceDir);
    expect(existsSync(path.join(cacheDir, key, 'cine-ferretdb'))).toBe(false);
  });

  it('refuses to build a FerretDB version that the patches were not made for', async () => {
    const { sourceDir, version } = await copyOfFerretSource();
    const goMod = path.join(sourceDir, 'go.mod');
    await writeFile(
      goMod,
      (await readFile(goMod, 'utf8')).replace(`github.com/FerretDB/FerretDB ${version}`, 'github.com/FerretDB/FerretDB v1.99.0'),
    );
    const onBuildStart = jest.fn();

    await expect(ensureFerretBinary({ sourceDir, cacheDir: await tempDir('cine-ferret-cache-'), onBuildStart })).rejects.toThrow(
      `go.mod pide FerretDB v1.99.0, pero los parches de ${path.join(sourceDir, 'patches')} son para ${version}: ` +
        `hay que rehacerlos sobre v1.99.0, en patches/v1.99.0`,
    );
    expect(onBuildStart).not.toHaveBeenCalled();
  });
});

describe('startEmbeddedMongo', () => {
  let binaryPath: string;
  const running: EmbeddedMongo[] = [];

  beforeAll(async () => {
    binaryPath = await ensureFerretBinary();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((mongo) => mongo.stop()));
  });

  async function start(dataDir: string, port: number): Promise<EmbeddedMongo> {
    const mongo = await startEmbeddedMongo({ dataDir, port, binaryPath });
    running.push(mongo);
    return mongo;
  }

  it('keeps the data across a stop and a restart', async () => {
    const dataDir = await tempDir('cine-ferret-data-');
    const port = await findFreePort();

    const first = await start(dataDir, port);
    expect(first.url).toBe(`mongodb://127.0.0.1:${port}`);
    await withClient(first.url, async (client) => {
      await client.db('cine_catalog').collection('movies').insertOne({ Title: 'Dune', year: 2021 });
    });
    await first.stop();
    expect(await acceptsConnections(port)).toBe(false);

    const second = await start(dataDir, port);
    const found = await withClient(second.url, (client) => client.db('cine_catalog').collection('movies').findOne({ Title: 'Dune' }));
    expect(found).toMatchObject({ Title: 'Dune', year: 2021 });
  });

  it('looks a document up by _id through the _id index (patch 0001), not by scanning the table', async () => {
    const mongo = await start(await tempDir('cine-ferret-data-'), await findFreePort());
    const plan = await withClient(mongo.url, async (client) => {
      const orders = client.db('cine_booking').collection<{ _id: string; n: number }>('orders');
      await orders.insertMany(Array.from({ length: 50 }, (_, n) => ({ _id: `order-${n}`, n })));
      expect(await orders.findOne({ _id: 'order-42' })).toEqual({ _id: 'order-42', n: 42 });
      return JSON.stringify(await orders.find({ _id: 'order-42' }).explain());
    });
    // FerretDB's explain carries SQLite's EXPLAIN QUERY PLAN.
    expect(plan).toMatch(/SEARCH [^"]* USING INDEX [^"]*__id_/);
    expect(plan).not.toMatch(/SCAN/);
  });

  it('narrows a filter of _id and other fields to the _id index (patch 0002), still applying the other fields', async () => {
    const mongo = await start(await tempDir('cine-ferret-data-'), await findFreePort());
    await withClient(mongo.url, async (client) => {
      const seats = client.db('cine_booking').collection<{ _id: string; version: number }>('seats');
      await seats.insertMany(Array.from({ length: 50 }, (_, n) => ({ _id: `seat-${n}`, version: 0 })));

      const plan = JSON.stringify(await seats.find({ _id: 'seat-42', version: 0 }).explain());
      expect(plan).toMatch(/SEARCH [^"]* USING INDEX [^"]*__id_/);
      expect(plan).not.toMatch(/SCAN/);

      const bump = () => seats.findOneAndUpdate({ _id: 'seat-42', version: 0 }, { $inc: { version: 1 } });
      expect(await bump()).toEqual({ _id: 'seat-42', version: 0 });
      expect(await bump()).toBeNull();
      expect(await seats.find({ _id: 'seat-42', version: { $gte: 1 } }).toArray()).toEqual([{ _id: 'seat-42', version: 1 }]);
      expect((await seats.deleteOne({ _id: 'seat-7', version: 1 })).deletedCount).toBe(0);
      expect((await seats.deleteOne({ _id: 'seat-7', version: 0 })).deletedCount).toBe(1);
    });
  });

  describe('under concurrent writes of one document over ten connections (patch 0003)', () => {
    let mongo: EmbeddedMongo;
    let clients: MongoClient[];
    let candy: Db;
    type Item = { _id: string; stock: number; sold: number; version: number };
    const items = (db: Db) => db.collection<Item>('items');

    beforeAll(async () => {
      mongo = await startEmbeddedMongo({ dataDir: await tempDir('cine-ferret-data-'), port: await findFreePort(), binaryPath });
      // Ten clients of one connection each: every batch of writes runs on ten connections at once.
      clients = await Promise.all(
        Array.from({ length: 10 }, () => new MongoClient(mongo.url, { directConnection: true, maxPoolSize: 1 }).connect()),
      );
      candy = clients[0]!.db('cine_candy');
    });

    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await mongo.stop();
    });

    /** `times` writes at once, spread evenly over the ten connections. */
    function concurrently<T>(times: number, write: (db: Db) => Promise<T>): Promise<T[]> {
      const connections = clients.map((client) => client.db('cine_candy'));
      return Promise.all(
        Array.from({ length: times / connections.length }, () => connections)
          .flat()
          .map(write),
      );
    }

    it('update: loses no $inc and sells no more than the stock', async () => {
      await items(candy).insertOne({ _id: 'popcorn', stock: 10, sold: 0, version: 0 });

      await concurrently(50, (db) => items(db).updateOne({ _id: 'popcorn' }, { $inc: { sold: 1 } }));
      const decrements = await concurrently(50, (db) =>
        items(db).updateOne({ _id: 'popcorn', stock: { $gte: 1 } }, { $inc: { stock: -1 } }),
      );

      expect(decrements.filter((result) => result.modifiedCount === 1)).toHaveLength(10);
      expect(await items(candy).findOne({ _id: 'popcorn' })).toEqual({ _id: 'popcorn', stock: 0, sold: 50, version: 0 });
    });

    it('findAndModify: one winner for a version, and upserts neither deadlock nor count twice', async () => {
      await items(candy).insertOne({ _id: 'nachos', stock: 10, sold: 0, version: 0 });

      const bumps = await concurrently(50, (db) => items(db).findOneAndUpdate({ _id: 'nachos', version: 0 }, { $inc: { version: 1 } }));
      const sales = await concurrently(50, (db) =>
        items(db).findOneAndUpdate({ _id: 'nachos', stock: { $gte: 1 } }, { $inc: { stock: -1, sold: 1 } }),
      );
      // An upsert inserts while it holds the collection's lock.
      await concurrently(50, (db) => items(db).findOneAndUpdate({ _id: 'soda' }, { $inc: { sold: 1 } }, { upsert: true }));

      expect(bumps.filter(Boolean)).toHaveLength(1);
      expect(sales.filter(Boolean)).toHaveLength(10);
      expect(await items(candy).findOne({ _id: 'nachos' })).toEqual({ _id: 'nachos', stock: 0, sold: 10, version: 1 });
      expect(await items(candy).findOne({ _id: 'soda' })).toEqual({ _id: 'soda', sold: 50 });
    });

    it('delete: each document goes once, to one caller', async () => {
      const holds = (db: Db) => db.collection<{ _id: string; seat: string }>('holds');
      await holds(candy).insertMany(Array.from({ length: 20 }, (_, n) => ({ _id: `hold-${n}`, seat: `A${n}` })));

      const deletes = await concurrently(20, (db) => holds(db).deleteOne({ seat: { $exists: true } }));
      expect(deletes.map((result) => result.deletedCount)).toEqual(Array.from({ length: 20 }, () => 1));
      expect(await holds(candy).countDocuments()).toBe(0);

      await holds(candy).insertOne({ _id: 'last', seat: 'B1' });
      const taken = await concurrently(50, (db) => holds(db).findOneAndDelete({ _id: 'last' }));
      expect(taken.filter(Boolean)).toHaveLength(1);
    });
  });

  it('keeps each database apart', async () => {
    const mongo = await start(await tempDir('cine-ferret-data-'), await findFreePort());
    await withClient(mongo.url, async (client) => {
      await client.db('cine_identity').collection('users').insertOne({ email: 'ana@cine.test' });
      expect(await client.db('cine_sales').collection('users').countDocuments()).toBe(0);
      expect(await client.db('cine_identity').collection('users').countDocuments()).toBe(1);
    });
  });

  it('refuses a port that is already taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      await expect(startEmbeddedMongo({ dataDir: await tempDir('cine-ferret-data-'), port, binaryPath })).rejects.toThrow(
        `El puerto ${port} ya está en uso`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('stops the server when the process that started it is killed', async () => {
    const scriptDir = await compileForNode();
    const port = await findFreePort();
    const dataDir = await tempDir('cine-ferret-data-');
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(scriptDir)}).startEmbeddedMongo(${JSON.stringify({ dataDir, port, binaryPath })})` +
          `.then(() => process.stdout.write('ready\\n'), (e) => { process.stderr.write(String(e)); process.exit(1); });` +
          `setInterval(() => undefined, 1000);`,
      ],
      { env: { ...process.env, NODE_PATH: path.resolve(__dirname, '../../../node_modules') }, stdio: 'pipe' },
    );
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      parent.on('exit', (code) => reject(new Error(`parent exited with ${code}`)));
    });
    expect(await acceptsConnections(port)).toBe(true);

    parent.kill('SIGKILL');

    const deadline = Date.now() + 10_000;
    while ((await acceptsConnections(port)) && Date.now() < deadline) await sleep(100);
    expect(await acceptsConnections(port)).toBe(false);
  });
});

/** This package's sources as CommonJS, so a plain `node` child can run them. */
async function compileForNode(): Promise<string> {
  const outDir = await tempDir('cine-embedded-mongo-js-');
  for (const file of ['index.ts', 'embedded-mongo.ts', 'ferret-binary.ts']) {
    const { code } = transformFileSync(path.join(__dirname, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    await writeFile(path.join(outDir, file.replace(/\.ts$/, '.js')), code);
  }
  return outDir;
}
