/**
 * The sales feed under load: publishes BENCH_EVENTS order.paid events (one
 * ticket each, half of them with candy, over 20 movies × 2 formats and 40
 * shows, paid in order over the last 7 days) to the in-process bus and, when AMQP_URL is set, to
 * RabbitMQ, while an admin polls GET /tickets/all over HTTP every 50 ms.
 * Prints, per bus, the events/s the consumer sustains (first publish until
 * /tickets/all counts every ticket) and the p50/p99 lag from publishing an
 * event to seeing it counted (the i-th event is seen when /tickets/all counts
 * at least i tickets), then checks that every order is counted exactly once,
 * also after the whole feed is published again (exit code 1 otherwise).
 * Needs the workspace packages built (`npm run bench` builds the sales service).
 * Env: BENCH_EVENTS (default 20000), AMQP_URL (RabbitMQ run), MONGO_URL
 * (default: an embedded FerretDB in a temporary folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import type { OrderPaid, SalesSummaryRow } from '@cine/contracts';
import { findFreePort, startEmbeddedMongo } from '@cine/embedded-mongo';
import { buildSalesApp } from '@cine/sales-service';
import { connectDatabase, createEvent, InProcessEventBus, RabbitMqEventBus, type EventBus, type ServiceConfig } from '@cine/service-kit';
import { Types } from 'mongoose';

const eventCount = Number(process.env.BENCH_EVENTS ?? 20_000);
const IN_FLIGHT = 4_000;
const POLL_MS = 50;
const WEEK_MS = 7 * 86_400_000;

const id = () => new Types.ObjectId().toHexString();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** One-ticket orders spread over movies, formats, shows, candy and days, as a week of sales. */
function feed(count: number): OrderPaid[] {
  const movies = Array.from({ length: 20 }, (_, i) => ({ movieId: id(), title: `Película ${i + 1}` }));
  const shows = Array.from({ length: 40 }, (_, i) => ({
    showId: id(),
    ...(movies[i % 20] as (typeof movies)[number]),
    type: i % 4 < 2 ? ('2D' as const) : ('3D' as const),
  }));
  const candy = ['COMBO TRADICIONAL', 'COMBO NACHOS', 'COMBO GRANDE', 'COMBO ICEE'].map((name) => ({ candyId: id(), name }));
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const show = shows[i % shows.length] as (typeof shows)[number];
    const line =
      i % 2 === 0 ? [{ ...(candy[i % candy.length] as (typeof candy)[number]), quantity: 1, unitPrice: 1500, totalPrice: 1500 }] : [];
    const price = show.type === '3D' ? 1200 : 900;
    return createEvent('order.paid', {
      orderId: id(),
      userId: id(),
      movieId: show.movieId,
      title: show.title,
      showId: show.showId,
      date: '2026-11-30',
      schedule: '20:00',
      roomId: 1 + (i % 5),
      type: show.type,
      seats: 1,
      seatLabels: ['F7'],
      ticketTotal: price,
      candy: line,
      total: price + line.reduce((sum, paid) => sum + paid.totalPrice, 0),
      // In the order they were paid: a week of sales, oldest first.
      paidAt: new Date(now - WEEK_MS + Math.floor((i * WEEK_MS) / count)).toISOString(),
    });
  });
}

interface Run {
  bus: string;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  exact: boolean;
}

async function measure(label: string, mongoUrl: string, consumerBus: EventBus, publisher: EventBus): Promise<Run> {
  const config: ServiceConfig = {
    name: 'sales',
    host: '127.0.0.1',
    port: 0,
    mongoUrl,
    dbName: `bench_sales_${randomUUID().slice(0, 8)}`,
    amqpUrl: undefined,
    jwtSecret: randomUUID(),
    tokenTtl: '1h',
    logLevel: 'silent',
    dataDir: tmpdir(),
  };
  const db = await connectDatabase(config.mongoUrl, config.dbName);
  const app = await buildSalesApp({ config, db, bus: consumerBus });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const admin = { authorization: `Bearer ${app.jwt.sign({ sub: id(), role: 'admin', ver: 0 })}` };
  const ticketsCounted = async () => {
    const rows = (await (await fetch(`${url}/tickets/all`, { headers: admin })).json()) as SalesSummaryRow[];
    return rows.reduce((sum, row) => sum + row.seats, 0);
  };
  try {
    const events = feed(eventCount);
    const publishedAt: number[] = new Array(events.length);
    const seenAt: number[] = [];
    const started = performance.now();
    let lastCount = 0;
    let publishing = true;

    const poller = (async () => {
      while (publishing || lastCount < events.length) {
        const count = await ticketsCounted();
        const now = performance.now();
        while (seenAt.length < Math.min(count, events.length)) seenAt.push(now);
        lastCount = count;
        if (performance.now() - started > 300_000) throw new Error(`only ${count} of ${events.length} tickets counted after 5 minutes`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();

    let inFlight: Promise<void>[] = [];
    for (const [i, event] of events.entries()) {
      publishedAt[i] = performance.now();
      inFlight.push(publisher.publish(event));
      if (inFlight.length >= IN_FLIGHT) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
    await Promise.all(inFlight);
    publishing = false;
    await poller;
    const elapsedS = ((seenAt.at(-1) as number) - started) / 1000;
    const lags = seenAt.map((at, i) => at - (publishedAt[i] as number)).sort((a, b) => a - b);

    // The whole feed again (a replay, or every event redelivered): nothing may change.
    for (let i = 0; i < events.length; i += IN_FLIGHT)
      await Promise.all(events.slice(i, i + IN_FLIGHT).map((event) => publisher.publish({ ...event, id: randomUUID() })));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const detailRows = (await (await fetch(`${url}/tickets/all/detail`, { headers: admin })).json()) as unknown[];
    const exact = (await ticketsCounted()) === events.length && detailRows.length === events.length;
    return { bus: label, eventsPerSecond: events.length / elapsedS, p50: percentile(lags, 50), p99: percentile(lags, 99), exact };
  } finally {
    await app.close();
    await db.dropDatabase();
    await db.close();
  }
}

async function main(): Promise<void> {
  const dataDir = process.env.MONGO_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'cine-bench-'));
  const mongo = dataDir ? await startEmbeddedMongo({ dataDir, port: await findFreePort() }) : undefined;
  const mongoUrl = mongo?.url ?? (process.env.MONGO_URL as string);
  const runs: Run[] = [];
  process.stdout.write(
    `sales feed: ${eventCount} order.paid events (${process.env.MONGO_URL ? 'MONGO_URL' : 'embedded FerretDB'}), /tickets/all polled every ${POLL_MS} ms\n`,
  );
  try {
    const inProcess = new InProcessEventBus();
    runs.push(await measure('in-process', mongoUrl, inProcess, inProcess));
    await inProcess.close();

    const amqpUrl = process.env.AMQP_URL;
    if (amqpUrl) {
      // The consumer's durable queue starts and ends empty: leftovers of other runs would be counted,
      // and this run's replay must not be left for the next consumer.
      const dropQueue = async () => {
        const broker = await connect(amqpUrl);
        await (await broker.createChannel()).deleteQueue('sales.orders');
        await broker.close();
      };
      await dropQueue();
      const consumer = await RabbitMqEventBus.connect(amqpUrl);
      const publisher = await RabbitMqEventBus.connect(amqpUrl);
      try {
        runs.push(await measure('RabbitMQ', mongoUrl, consumer, publisher));
      } finally {
        await publisher.close();
        await consumer.close();
        await dropQueue();
      }
    } else {
      process.stdout.write('AMQP_URL is not set: RabbitMQ run skipped\n');
    }
  } finally {
    await mongo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write('bus          events/s   lag p50    lag p99    each order counted once (also after a full replay)\n');
  for (const run of runs) {
    process.stdout.write(
      `${run.bus.padEnd(12)} ${run.eventsPerSecond.toFixed(0).padStart(8)}   ${run.p50.toFixed(0).padStart(5)} ms   ${run.p99.toFixed(0).padStart(5)} ms   ${run.exact ? 'yes' : 'NO'}\n`,
    );
  }
  if (runs.some((run) => !run.exact)) process.exitCode = 1;
}

void main();
