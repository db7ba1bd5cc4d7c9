/**
 * GET /movies/billboard, in one run, on loopback: via the gateway
 * (GET /api/movies/billboard → catalog), the catalog directly, and a bare
 * node:http server answering the same JSON (the ceiling). Each server runs in a
 * child process (BENCH_LAYOUT below); this process only generates the load
 * (autocannon). Prints requests/s, p99 latency and the servers' CPU time per
 * request of each, and ratios. The gateway is measured as browsers use it (the
 * catalog marks the billboard shareable for 5 s, so the gateway's cache
 * answers) and, for the proxy hop, with `Cache-Control: no-cache` on every
 * request (each one goes to the catalog): the hop ratio is that rate over the
 * catalog's direct one, without `Accept-Encoding` (autocannon's default) and
 * with `br, gzip` as browsers send it. For reference, the same no-cache
 * request through a plain Fastify + @fastify/http-proxy hop (the library
 * alone, in its own process: no token check, request id, security headers or
 * compression), and our hop's rate over it.
 * Needs the workspace packages built (`npm run bench` builds the catalog).
 * Env: BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 50),
 * BENCH_LAYOUT (`processes`, the default, or `platform`: see `layout`),
 * BENCH_CPU_PROFILES (a folder: the servers write V8 CPU profiles there),
 * MONGO_URL (default: an embedded FerretDB in a temporary folder).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import httpProxy from '@fastify/http-proxy';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildCatalogApp } from '@cine/catalog-service';
import { findFreePort, startEmbeddedMongo } from '@cine/embedded-mongo';
import { buildGateway } from '@cine/gateway';
import { connectDatabase, InProcessEventBus, type ServiceConfig } from '@cine/service-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profiles = process.env.BENCH_CPU_PROFILES;

/**
 * `processes`: the catalog and the gateway each in its own process, as deployed with one container per
 * service (and as the issue measured); `platform`: both in one process and event loop, as `npm start`
 * runs them (infra/src/platform.ts), where a request through the gateway costs that loop the hop and
 * the catalog's work both.
 */
const layout = process.env.BENCH_LAYOUT === 'platform' ? 'platform' : 'processes';

type Role = 'catalog' | 'gateway' | 'platform' | 'bare' | 'library-hop';
type Urls = Partial<Record<'catalog' | 'gateway' | 'bare' | 'libraryHop', string>>;

interface Running {
  url: string;
  close(): Promise<void>;
}

interface Measure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** The servers' CPU time per answered request (both processes in the `processes` layout): less moved than requests/s by other load on the machine. */
  cpuMicrosPerRequest: number;
  errors: number;
}

const env = (key: string) => process.env[key] as string;

async function startCatalog(): Promise<Running> {
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
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: async () => {
      await app.close();
      await db.dropDatabase();
      await db.close();
    },
  };
}

async function startGateway(catalogUrl: string): Promise<Running> {
  const app = await buildGateway({ jwtSecret: env('BENCH_JWT_SECRET'), services: { catalog: catalogUrl }, logLevel: 'silent' });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

/** The proxy library alone: /api/movies/* to the catalog's /movies/*. */
async function startLibraryHop(catalogUrl: string): Promise<Running> {
  const app = Fastify({ logger: false });
  await app.register(httpProxy, { upstream: catalogUrl, prefix: '/api/movies', rewritePrefix: '/movies' });
  return { url: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

function startBare(): Promise<Running> {
  const billboard = env('BENCH_BODY');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(billboard) });
    response.end(billboard);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: async () => void server.close() }),
    ),
  );
}

/** Runs in a child process: starts the servers of one role, tells the parent their URLs, reports its CPU time when asked. */
async function serve(role: Role): Promise<void> {
  const running: Running[] = [];
  let urls: Urls;
  if (role === 'bare') {
    running.push(await startBare());
    urls = { bare: running[0]?.url };
  } else if (role === 'library-hop') {
    running.push(await startLibraryHop(env('BENCH_CATALOG_URL')));
    urls = { libraryHop: running[0]?.url };
  } else if (role === 'gateway') {
    running.push(await startGateway(env('BENCH_CATALOG_URL')));
    urls = { gateway: running[0]?.url };
  } else {
    const catalog = await startCatalog();
    running.push(catalog);
    if (role === 'platform') running.push(await startGateway(catalog.url));
    urls = { catalog: catalog.url, gateway: running[1]?.url };
  }
  const close = async () => {
    for (const server of running.reverse()) await server.close();
  };
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    } else void close().then(() => process.exit(0));
  });
  process.send?.(urls);
}

function start(role: Role, env: Record<string, string>): Promise<{ urls: Urls; child: ChildProcess }> {
  const child = fork(process.argv[1] as string, [role], {
    env: { ...process.env, ...env },
    execArgv: [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`, `--cpu-prof-name=${role}.cpuprofile`] : []),
    ],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ urls: message as Urls, child }));
    child.once('exit', (code) => reject(new Error(`the ${role} process exited (${code}) before listening`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

/** CPU time (user + system, µs) the server process has used so far. */
function cpuTime(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    server.send('cpu');
  });
}

async function cpuTimeOf(servers: ChildProcess[]): Promise<number> {
  let total = 0;
  for (const server of servers) total += await cpuTime(server);
  return total;
}

async function measure(name: string, servers: ChildProcess[], url: string, headers: Record<string, string> = {}): Promise<Measure> {
  // A short warm-up so JIT and keep-alive connections are settled before measuring.
  await autocannon({ url, connections, duration: 1, headers });
  const cpuBefore = await cpuTimeOf(servers);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuMicros = (await cpuTimeOf(servers)) - cpuBefore;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: cpuMicros / result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = process.env.MONGO_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'cine-bench-'));
  const mongo = dataDir ? await startEmbeddedMongo({ dataDir, port: await findFreePort() }) : undefined;
  const children: ChildProcess[] = [];
  try {
    const catalogEnv = {
      BENCH_MONGO_URL: mongo?.url ?? (process.env.MONGO_URL as string),
      BENCH_DB: `bench_catalog_${randomUUID().slice(0, 8)}`,
      BENCH_JWT_SECRET: randomUUID(),
    };
    const first = await start(layout === 'platform' ? 'platform' : 'catalog', catalogEnv);
    children.push(first.child);
    const catalog = first.urls.catalog as string;
    let gateway = first.urls.gateway as string;
    // The processes whose CPU time a request through the gateway costs.
    const gatewayServers = [first.child];
    if (layout === 'processes') {
      const second = await start('gateway', { BENCH_CATALOG_URL: catalog, BENCH_JWT_SECRET: catalogEnv.BENCH_JWT_SECRET });
      children.push(second.child);
      gatewayServers.push(second.child);
      gateway = second.urls.gateway as string;
    }
    const billboard = await (await fetch(`${catalog}/movies/billboard`)).text();
    const bare = await start('bare', { BENCH_BODY: billboard });
    children.push(bare.child);
    const libraryHop = await start('library-hop', { BENCH_CATALOG_URL: catalog });
    children.push(libraryHop.child);

    process.stdout.write(
      `GET billboard (${JSON.parse(billboard).length} movies, ${billboard.length} bytes), ${connections} connections, ${seconds} s each, layout ${layout}\n`,
    );
    const noCache = { 'cache-control': 'no-cache' };
    const results = [
      await measure('bare node:http', [bare.child], bare.urls.bare as string),
      await measure('catalog direct', [first.child], `${catalog}/movies/billboard`),
      await measure('via gateway', gatewayServers, `${gateway}/api/movies/billboard`),
      await measure('gateway no-cache', gatewayServers, `${gateway}/api/movies/billboard`, noCache),
      await measure('no-cache, br/gzip', gatewayServers, `${gateway}/api/movies/billboard`, { ...noCache, 'accept-encoding': 'br, gzip' }),
      await measure(
        'library hop',
        [first.child, libraryHop.child],
        `${libraryHop.urls.libraryHop as string}/api/movies/billboard`,
        noCache,
      ),
    ];
    for (const r of results) {
      const cpu = `CPU ${r.cpuMicrosPerRequest.toFixed(1).padStart(5)} µs/req`;
      process.stdout.write(
        `${r.name.padEnd(18)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   ${cpu}   errors ${r.errors}\n`,
      );
    }
    const [bareResult, direct, viaGateway, hop, compressedHop, plainHop] = results as [
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
    ];
    const ratio = (a: Measure, b: Measure) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
    process.stdout.write(`gateway/bare   ${ratio(viaGateway, bareResult)}  (target ≥ 0.5)\n`);
    process.stdout.write(`gateway/direct ${ratio(viaGateway, direct)}  (target ≥ 0.8)\n`);
    const cpuRatio = (direct.cpuMicrosPerRequest / hop.cpuMicrosPerRequest).toFixed(2);
    process.stdout.write(
      `hop ratio (no-cache via gateway / direct) ${ratio(hop, direct)}  (target ≥ 0.5); with br/gzip ${ratio(compressedHop, direct)}; CPU per request direct/hop ${cpuRatio}\n`,
    );
    process.stdout.write(`library hop / direct ${ratio(plainHop, direct)}; our hop / library hop ${ratio(hop, plainHop)}\n`);
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
