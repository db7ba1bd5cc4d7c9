/**
 * What a receipt costs notification (issue 36): `npm run bench:receipts` (after `npm run build`).
 *
 * Notification alone, its app as a container builds it, on the embedded FerretDB and the in-process
 * bus, writing into an outbox folder: one buyer registered, then BENCH_RECEIPTS (600) tickets.issued
 * of BENCH_SEATS (1) seats each, BENCH_CONCURRENCY (20) at a time, after BENCH_WARMUP (100) not counted
 * (the render thread starts and the JIT settles). Each ticket's token is signed as booking signs it
 * (EdDSA compact JWS with a `kid`, ~240 characters: a version 11 QR code). Printed: CPU ms per receipt of
 * this process, every thread of it (the event loop, the render worker, V8's and libuv's threads), which
 * is all notification's but the bus's own (RabbitMQ's client in a container) and this bench's
 * publishing; and of the FerretDB process apart. Unlike `bench:capacity` nothing else runs, so no idle
 * CPU is subtracted (capacity's warm-up receipts, still being sent while it measures idle, skew its
 * notification row). `BENCH_RUNS` (3) runs, one after the other in the same process.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TicketsIssued } from '@cine/contracts';
import { findFreePort, startEmbeddedMongo } from '@cine/embedded-mongo';
import { buildNotificationApp } from '@cine/notification-service';
import { connectDatabase, createEvent as event, InProcessEventBus } from '@cine/service-kit';
import { SignJWT } from 'jose';
import { cpuMs, print } from './bench-kit';

const settings = {
  receipts: Number(process.env.BENCH_RECEIPTS ?? 600),
  seats: Number(process.env.BENCH_SEATS ?? 1),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 20),
  warmup: Number(process.env.BENCH_WARMUP ?? 100),
  runs: Number(process.env.BENCH_RUNS ?? 3),
};
const USER_ID = 'bench-receipts-buyer';

/** `count` paid orders' tickets, `settings.seats` each, their tokens signed as booking signs them. */
async function ticketsIssued(count: number, first: number): Promise<TicketsIssued[]> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const number = first + index;
      const seatLabels = Array.from({ length: settings.seats }, (__, seat) => `F${seat + 1}`);
      const tickets = await Promise.all(
        seatLabels.map(async (seatLabel, seat) => {
          const code = `B${number.toString(36).toUpperCase().padStart(6, '0')}${seat}`;
          const token = await new SignJWT({ sid: '65f1c2a9e4b0a1b2c3d4e5f6', seat: seatLabel })
            .setProtectedHeader({ alg: 'EdDSA', kid: 'bench123' })
            .setJti(code)
            .setExpirationTime(1_800_000_000)
            .sign(privateKey);
          return { ticketId: code, code, seatLabel, token };
        }),
      );
      return event('tickets.issued', {
        orderId: `bench-order-${number}`,
        orderCode: `K${number.toString(36).toUpperCase().padStart(7, '0')}`,
        userId: USER_ID,
        movieId: 'movie-1',
        title: 'La Noche del Proyector',
        showId: 'show-1',
        date: '2026-11-24',
        schedule: '20:30',
        roomId: 3,
        type: '2D',
        paidAt: '2026-11-23T15:00:00.000Z',
        seats: settings.seats,
        seatLabels,
        ticketTotal: 1000 * settings.seats,
        candy: [],
        total: 1000 * settings.seats,
        startsAt: '2026-11-24T23:30:00.000Z',
        endsAt: '2026-11-25T01:10:00.000Z',
        tickets,
      });
    }),
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cine-bench-receipts-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const mongo = await startEmbeddedMongo({ dataDir: path.join(dataDir, 'ferretdb'), port: await findFreePort() });
  const db = await connectDatabase(mongo.url, 'bench_notification');
  const bus = new InProcessEventBus();
  const app = await buildNotificationApp({
    config: {
      name: 'notification',
      host: '127.0.0.1',
      port: 0,
      mongoUrl: mongo.url,
      dbName: 'bench_notification',
      amqpUrl: undefined,
      jwtSecret: 'bench-receipts-secret-0123456789-0123456789',
      tokenTtl: '1h',
      logLevel: 'silent',
      dataDir,
    },
    db,
    bus,
    mail: { smtpUrl: undefined, outboxDir },
  });
  try {
    await bus.publish(event('user.registered', { userId: USER_ID, email: 'lucia@cine.test', username: 'Lucia' }));
    const send = async (events: TicketsIssued[]) => {
      const queue = [...events];
      await Promise.all(
        Array.from({ length: settings.concurrency }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await bus.publish(next);
        }),
      );
    };
    let numbered = 0;
    const batch = async (count: number) => {
      const events = await ticketsIssued(count, numbered);
      numbered += count;
      return events;
    };
    await send(await batch(settings.warmup));
    for (let run = 1; run <= settings.runs; run++) {
      const events = await batch(settings.receipts);
      const mailsBefore = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).length;
      const ownBefore = cpuMs(process.pid);
      const databaseBefore = cpuMs(mongo.pid);
      const started = performance.now();
      await send(events);
      const elapsedMs = performance.now() - started;
      const own = (cpuMs(process.pid) - ownBefore) / settings.receipts;
      const database = (cpuMs(mongo.pid) - databaseBefore) / settings.receipts;
      const mails = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).length - mailsBefore;
      print(
        `receipts run ${run}: ${mails} of ${settings.receipts} mailed (${settings.seats} seat${settings.seats === 1 ? '' : 's'} each) in ${(elapsedMs / 1000).toFixed(1)} s; ` +
          `notification ${own.toFixed(2)} CPU ms/receipt, ferretdb ${database.toFixed(2)} CPU ms/receipt`,
      );
    }
    if (bus.deadLetters.length > 0) print(`${bus.deadLetters.length} events dead-lettered: ${bus.deadLetters[0]?.error ?? ''}`);
  } finally {
    await app.close();
    await db.close();
    await mongo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
