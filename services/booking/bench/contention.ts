/**
 * Checkout under contention, in one process: the booking service is built
 * in-process on loopback HTTP, and for each round BENCH_BUYERS buyers at once
 * each hold one seat (POST /tickets/addTickets) and pay for it
 * (POST /movies/checkout) on a new 100-seat show, so half of them fight for
 * the last seats. Prints purchases/s, latency percentiles of a whole
 * purchase (hold + checkout) and of the checkout alone, and checks after
 * every round that exactly the capacity was sold, no seat is in two orders,
 * and one order.paid was published per paid order (exit code 1 otherwise).
 * Needs the workspace packages built (`npm run bench` builds the booking service).
 * Env: BENCH_BUYERS (default 200), BENCH_ROUNDS (default 5),
 * BENCH_TICKET_TYPES (e.g. 'general,menor,jubilado': each show gets a price card of those types, 3D +$ 2,00, and the
 * buyers ask for them in turn with `tickets: [{type}]`; unset: `seats: 1`, General),
 * MONGO_URL (default: an embedded FerretDB in a temporary folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderPaid, ShowPricing } from '@cine/contracts';
import { buildBookingApp } from '@cine/booking-service';
import { findFreePort, startEmbeddedMongo } from '@cine/embedded-mongo';
import { connectDatabase, createEvent, InProcessEventBus, type ServiceConfig } from '@cine/service-kit';
import { Types } from 'mongoose';

const buyers = Number(process.env.BENCH_BUYERS ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const ticketTypes = (process.env.BENCH_TICKET_TYPES ?? '').split(',').filter((type) => type !== '');

/** The show's price card when the buyers ask for types: each type 100 cents cheaper than the previous, 3D +$ 2,00. */
function benchPricing(types: readonly string[]): ShowPricing {
  return {
    card: { id: 'bench', name: 'Banco de pruebas' },
    types: types.map((type, index) => ({ type, name: type, description: '', requiresId: false, base: 1000 - 100 * index })),
    format: '3D',
    formatSurcharge: 200,
    categorySurcharges: { premium: 300 },
  };
}

interface Purchase {
  paid: boolean;
  purchaseMs: number;
  checkoutMs?: number;
  orderId?: string;
  seatLabels?: string[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function addDaysText(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  const dataDir = process.env.MONGO_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'cine-bench-'));
  const mongo = dataDir ? await startEmbeddedMongo({ dataDir, port: await findFreePort() }) : undefined;
  const config: ServiceConfig = {
    name: 'booking',
    host: '127.0.0.1',
    port: 0,
    mongoUrl: mongo?.url ?? (process.env.MONGO_URL as string),
    dbName: `bench_booking_${randomUUID().slice(0, 8)}`,
    amqpUrl: undefined,
    jwtSecret: randomUUID(),
    tokenTtl: '1h',
    logLevel: 'silent',
    dataDir: tmpdir(),
  };
  const db = await connectDatabase(config.mongoUrl, config.dbName);
  const bus = new InProcessEventBus();
  const events: OrderPaid[] = [];
  await bus.subscribe('bench.recorder', ['order.paid'], async (event) => {
    events.push(event);
  });
  const app = await buildBookingApp({ config, db, bus, seedShows: false, holdLimits: { perAddress: 1_000_000 } });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  let failed = false;
  try {
    const movieId = new Types.ObjectId().toHexString();
    await bus.publish(
      createEvent('movie.created', { movieId, title: 'Banco de Pruebas', runtime: 100, type: '2D', release: '2020-01-01' }),
    );
    const admin = { authorization: `Bearer ${app.jwt.sign({ sub: new Types.ObjectId().toHexString(), role: 'admin', ver: 0 })}` };

    const post = async (pathname: string, headers: Record<string, string>, body: unknown) => {
      const response = await fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    const all: Purchase[] = [];
    let totalMs = 0;
    process.stdout.write(
      `checkout under contention: ${rounds} rounds × ${buyers} buyers of 1 seat each on a new 100-seat show (${process.env.MONGO_URL ? 'MONGO_URL' : 'embedded FerretDB'})` +
        `${ticketTypes.length > 0 ? `, ticket types in turn: ${ticketTypes.join(', ')}` : ', General only'}\n`,
    );
    for (let round = 1; round <= rounds; round++) {
      const created = await post('/show', admin, {
        data: { schedule: '20:00', movieId, roomId: 1, day: addDaysText(round), type: '2D', price: 900 },
      });
      if (created.status !== 201) throw new Error(`show not created: ${JSON.stringify(created.body)}`);
      const showId = created.body.id as string;
      const capacity = created.body.capacity as number;
      if (ticketTypes.length > 0) {
        // The price card the show would have got when created (issue 37), written to its document before any hold.
        await db
          .collection('shows')
          .updateOne({ _id: new Types.ObjectId(showId) }, { $set: { pricing: benchPricing(ticketTypes) }, $inc: { version: 1 } });
      }
      const users = Array.from({ length: buyers }, () => {
        const id = new Types.ObjectId().toHexString();
        return { id, headers: { authorization: `Bearer ${app.jwt.sign({ sub: id, role: 'user', ver: 0 })}` } };
      });

      const started = performance.now();
      const purchases = await Promise.all(
        users.map(async (user, index): Promise<Purchase> => {
          const t0 = performance.now();
          const type = ticketTypes[index % Math.max(1, ticketTypes.length)];
          const wanted = type === undefined ? { seats: 1 } : { tickets: [{ type }] };
          const held = await post('/tickets/addTickets', user.headers, { userId: user.id, showId, ...wanted });
          if (held.status !== 200) return { paid: false, purchaseMs: performance.now() - t0 };
          const t1 = performance.now();
          const paid = await post('/movies/checkout', user.headers, {
            idUser: user.id,
            show: showId,
            ticket: 1,
            paymentMethodId: 'pm_card_visa',
          });
          const done = performance.now();
          if (paid.status !== 200) return { paid: false, purchaseMs: done - t0, checkoutMs: done - t1 };
          const order = paid.body.order as { id: string; seatLabels: string[] };
          return { paid: true, purchaseMs: done - t0, checkoutMs: done - t1, orderId: order.id, seatLabels: order.seatLabels };
        }),
      );
      const elapsed = performance.now() - started;
      totalMs += elapsed;
      all.push(...purchases);

      await app.ordersOutbox.flush();
      const paid = purchases.filter((purchase) => purchase.paid);
      const labels = paid.flatMap((purchase) => purchase.seatLabels ?? []);
      const doubleSold = labels.length - new Set(labels).size;
      const show = await db.collection('shows').findOne({ _id: new Types.ObjectId(showId) });
      const soldSeats = ((show?.seats ?? []) as Array<{ state: string }>).filter((seat) => seat.state === 'sold').length;
      const paidOrders = await db.collection('orders').countDocuments({ showId, state: 'paid' });
      const roundEvents = events.filter((event) => event.data.showId === showId);
      // Every order.paid's lines sum to its ticket total, one line per seat.
      const linesAddUp = roundEvents.every(
        ({ data }) => data.lines?.length === data.seats && data.lines.reduce((sum, line) => sum + line.total, 0) === data.ticketTotal,
      );
      const ok =
        paid.length === capacity &&
        soldSeats === capacity &&
        paidOrders === capacity &&
        doubleSold === 0 &&
        roundEvents.length === capacity &&
        linesAddUp;
      failed ||= !ok;
      process.stdout.write(
        `round ${round}: ${paid.length} paid, ${purchases.length - paid.length} refused, sold ${soldSeats}/${capacity}, paid orders ${paidOrders}, ` +
          `order.paid ${roundEvents.length}${linesAddUp ? '' : ' (lines do not add up)'}, double-sold ${doubleSold}, ${(elapsed / 1000).toFixed(2)} s ${ok ? 'ok' : 'FAILED'}\n`,
      );
    }

    const paid = all.filter((purchase) => purchase.paid);
    const purchaseMs = paid.map((purchase) => purchase.purchaseMs).sort((a, b) => a - b);
    const checkoutMs = paid.map((purchase) => purchase.checkoutMs as number).sort((a, b) => a - b);
    process.stdout.write(
      `purchases/s      ${(paid.length / (totalMs / 1000)).toFixed(1)}  (${paid.length} paid in ${(totalMs / 1000).toFixed(2)} s)\n`,
    );
    process.stdout.write(
      `hold + checkout  p50 ${percentile(purchaseMs, 50).toFixed(0)} ms   p99 ${percentile(purchaseMs, 99).toFixed(0)} ms\n`,
    );
    process.stdout.write(
      `checkout alone   p50 ${percentile(checkoutMs, 50).toFixed(0)} ms   p99 ${percentile(checkoutMs, 99).toFixed(0)} ms\n`,
    );
    process.stdout.write(`sold = capacity and no seat double-sold in every round: ${failed ? 'NO' : 'yes'}\n`);
  } finally {
    await app.close();
    await db.dropDatabase();
    await db.close();
    await mongo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
