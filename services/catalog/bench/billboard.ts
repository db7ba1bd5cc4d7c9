/**
 * GET /movies/billboard three ways, in one run, on loopback:
 *   gateway → catalog (GET /api/movies/billboard), catalog directly, and a
 *   bare node:http server answering the same JSON (the ceiling).
 * Prints requests/s and p99 latency of each and the ratios gateway/bare and
 * gateway/direct. Needs the workspace packages built (`npm run build`).
 * Env: BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 50),
 * MONGO_URL (default: an embedded FerretDB in a temporary folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildCatalogApp } from '@cine/catalog-service';
import { findFreePort, startEmbeddedMongo, type EmbeddedMongo } from '@cine/embedded-mongo';
import { buildGateway } from '@cine/gateway';
import { connectDatabase, InProcessEventBus, type ServiceConfig } from '@cine/service-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const jwtSecret = randomUUID();

interface Measure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Measure> {
  // A short warm-up so JIT and connection pools are settled before measuring.
  await autocannon({ url, connections, duration: 1 });
  const result = await autocannon({ url, connections, duration: seconds });
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function main(): Promise<void> {
  let mongo: EmbeddedMongo | undefined;
  let dataDir: string | undefined;
  let mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cine-bench-'));
    mongo = await startEmbeddedMongo({ dataDir, port: await findFreePort() });
    mongoUrl = mongo.url;
  }
  const config: ServiceConfig = {
    name: 'catalog',
    host: '127.0.0.1',
    port: 0,
    mongoUrl,
    dbName: `bench_catalog_${randomUUID().slice(0, 8)}`,
    amqpUrl: undefined,
    jwtSecret,
    tokenTtl: '1h',
    logLevel: 'silent',
    dataDir: dataDir ?? tmpdir(),
  };
  const db = await connectDatabase(mongoUrl, config.dbName);
  const catalog = await buildCatalogApp({ config, db, bus: new InProcessEventBus() });
  const catalogUrl = await catalog.listen({ host: '127.0.0.1', port: 0 });
  const gateway = await buildGateway({ jwtSecret, services: { catalog: catalogUrl }, logLevel: 'silent' });
  const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });

  const billboard = await (await fetch(`${catalogUrl}/movies/billboard`)).text();
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(billboard) });
    response.end(billboard);
  });
  const bareUrl = await listen(bare);

  try {
    process.stdout.write(`GET billboard (${JSON.parse(billboard).length} movies, ${billboard.length} bytes), ${connections} connections, ${seconds} s each\n`);
    const results = [
      await measure('bare node:http', bareUrl),
      await measure('catalog direct', `${catalogUrl}/movies/billboard`),
      await measure('via gateway', `${gatewayUrl}/api/movies/billboard`),
    ];
    for (const r of results) {
      process.stdout.write(`${r.name.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}\n`);
    }
    const [bareResult, direct, viaGateway] = results as [Measure, Measure, Measure];
    process.stdout.write(`gateway/bare   ${(viaGateway.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}  (target ≥ 0.5)\n`);
    process.stdout.write(`gateway/direct ${(viaGateway.requestsPerSecond / direct.requestsPerSecond).toFixed(2)}  (target ≥ 0.8)\n`);
  } finally {
    bare.close();
    await gateway.close();
    await catalog.close();
    await db.dropDatabase();
    await db.close();
    await mongo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
