/**
 * GET /movies/billboard three ways, in one run, on loopback:
 *   via the gateway (GET /api/movies/billboard → catalog), the catalog
 *   directly, and a bare node:http server answering the same JSON (the ceiling).
 * Each server runs in its own process, as deployed; this process only
 * generates the load (autocannon). Prints requests/s and p99 latency of each
 * and the ratios gateway/bare and gateway/direct. The gateway is measured as
 * browsers use it (the catalog marks the billboard shareable for 5 s, so the
 * gateway's cache answers) and, for the proxy hop alone, with
 * `Cache-Control: no-cache` on every request (each one goes to the catalog).
 * Needs the workspace packages built (`npm run bench` builds the catalog).
 * Env: BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 50),
 * MONGO_URL (default: an embedded FerretDB in a temporary folder).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildCatalogApp } from '@cine/catalog-service';
import { findFreePort, startEmbeddedMongo } from '@cine/embedded-mongo';
import { buildGateway } from '@cine/gateway';
import { connectDatabase, InProcessEventBus, type ServiceConfig } from '@cine/service-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Role = 'catalog' | 'gateway' | 'bare';

interface Measure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** Runs in a child process: starts one server and tells the parent its URL. */
async function serve(role: Role): Promise<void> {
  const env = (key: string) => process.env[key] as string;
  let url: string;
  let close: () => Promise<void>;
  if (role === 'catalog') {
    const config: ServiceConfig = {
      name: 'catalog',
      host: '127.0.0.1',
      port: 0,
      mongoUrl: env('BENCH_MONGO_URL'),
      dbName: env('BENCH_DB'),
      amqpUrl: undefined,
      jwtSecret: env('BENCH_JWT_SECRET'),
      tokenTtl: '1h',
      logLevel: 'silent',
      dataDir: tmpdir(),
    };
    const db = await connectDatabase(config.mongoUrl, config.dbName);
    const app = await buildCatalogApp({ config, db, bus: new InProcessEventBus() });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    close = async () => {
      await app.close();
      await db.dropDatabase();
      await db.close();
    };
  } else if (role === 'gateway') {
    const app = await buildGateway({ jwtSecret: env('BENCH_JWT_SECRET'), services: { catalog: env('BENCH_CATALOG_URL') }, logLevel: 'silent' });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  } else {
    const billboard = env('BENCH_BODY');
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(billboard) });
      response.end(billboard);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => void server.close();
  }
  process.once('message', () => void close().then(() => process.exit(0)));
  process.send?.({ url });
}

function start(role: Role, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(process.argv[1] as string, [role], {
    env: { ...process.env, ...env },
    execArgv: ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ url: (message as { url: string }).url, child }));
    child.once('exit', (code) => reject(new Error(`the ${role} process exited (${code}) before listening`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  // A short warm-up so JIT and keep-alive connections are settled before measuring.
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

async function main(): Promise<void> {
  const dataDir = process.env.MONGO_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'cine-bench-'));
  const mongo = dataDir ? await startEmbeddedMongo({ dataDir, port: await findFreePort() }) : undefined;
  const jwtSecret = randomUUID();
  const children: ChildProcess[] = [];
  try {
    const catalog = await start('catalog', {
      BENCH_MONGO_URL: mongo?.url ?? (process.env.MONGO_URL as string),
      BENCH_DB: `bench_catalog_${randomUUID().slice(0, 8)}`,
      BENCH_JWT_SECRET: jwtSecret,
    });
    children.push(catalog.child);
    const gateway = await start('gateway', { BENCH_CATALOG_URL: catalog.url, BENCH_JWT_SECRET: jwtSecret });
    children.push(gateway.child);
    const billboard = await (await fetch(`${catalog.url}/movies/billboard`)).text();
    const bare = await start('bare', { BENCH_BODY: billboard });
    children.push(bare.child);

    process.stdout.write(`GET billboard (${JSON.parse(billboard).length} movies, ${billboard.length} bytes), ${connections} connections, ${seconds} s each\n`);
    const results = [
      await measure('bare node:http', bare.url),
      await measure('catalog direct', `${catalog.url}/movies/billboard`),
      await measure('via gateway', `${gateway.url}/api/movies/billboard`),
      await measure('gateway no-cache', `${gateway.url}/api/movies/billboard`, { 'cache-control': 'no-cache' }),
    ];
    for (const r of results) {
      process.stdout.write(`${r.name.padEnd(18)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}\n`);
    }
    const [bareResult, direct, viaGateway, proxyHop] = results as [Measure, Measure, Measure, Measure];
    const ratio = (a: Measure, b: Measure) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
    process.stdout.write(`gateway/bare   ${ratio(viaGateway, bareResult)}  (target ≥ 0.5)\n`);
    process.stdout.write(`gateway/direct ${ratio(viaGateway, direct)}  (target ≥ 0.8)\n`);
    process.stdout.write(`proxy hop alone (no-cache): /bare ${ratio(proxyHop, bareResult)}, /direct ${ratio(proxyHop, direct)}\n`);
  } finally {
    for (const child of children.reverse()) await stop(child);
    await mongo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const role = process.argv[2] as Role | undefined;
(role ? serve(role) : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
