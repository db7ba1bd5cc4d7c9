/**
 * The back office's server-paged lists, through the gateway of `npm start` as a new user runs it
 * (embedded FerretDB, in-process bus, fresh data directory):
 *
 * 0. seed: BENCH_LIST_USERS (10,000) accounts written straight to identity's users collection
 *    (registering them through the API would spend minutes hashing passwords, which the list never
 *    reads), and BENCH_LIST_SHOWS (2,000) shows created through the API (POST /show), beside the
 *    demo seed's;
 * 1. Usuarios: `GET /api/admin` pages as the admin opens them (page sizes 25/50/100, the first,
 *    middle and last pages, sorted by registration, name, e-mail, role; filtered by role; a search);
 * 2. Funciones: `GET /api/show/all` pages (sorted by start, movie, seats; filtered by day range,
 *    movie, room and format).
 *
 * Each request is sent one after another (one admin at the panel), BENCH_LIST_ROUNDS (10) times over
 * the set, after one unmeasured warm-up round (long enough for identity to read its users again in
 * the background, every 5 s); printed: p50/p95/max per list, and the first page after the start (identity
 * reads every user then). Target: p95 ≤ 200 ms.
 * Exit code 1 when an answer is not 200 or a page is not what was asked. Run with
 * `npm run bench:admin-lists` (after `npm install`, which builds everything).
 */
import { loadavg } from 'node:os';
import { findFreePort } from '@cine/embedded-mongo';
import type { LoginResponse, Page, ShowView, UserView } from '@cine/contracts';
import { connectDatabase } from '@cine/service-kit';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart } from '../testing/npm-start';
import { BenchShop, percentile, print } from './bench-kit';

const settings = {
  users: Number(process.env.BENCH_LIST_USERS ?? 10_000),
  shows: Number(process.env.BENCH_LIST_SHOWS ?? 2_000),
  rounds: Number(process.env.BENCH_LIST_ROUNDS ?? 10),
};
const TARGET_P95_MS = 200;
const ROOMS = [1, 2, 3, 4, 5];

/** Accounts as identity stores them (a password hash no one can sign in with; the driver gives the ids), 1,000 per write. */
async function seedUsers(mongoUrl: string, count: number): Promise<void> {
  const db = await connectDatabase(mongoUrl, 'cine_identity');
  try {
    const users = db.collection('users');
    for (let start = 0; start < count; start += 1_000) {
      const now = new Date();
      await users.insertMany(
        Array.from({ length: Math.min(1_000, count - start) }, (_, offset) => {
          const n = start + offset;
          return {
            email: `socio${n}@lista.test`,
            username: `Socio ${n.toString(36)}`,
            role: n % 50 === 0 ? 'staff' : 'user',
            passwordHash: 'nadie-entra',
            credentialsVersion: 1,
            createdAt: now,
            updatedAt: now,
          };
        }),
      );
    }
  } finally {
    await db.close();
  }
}

/** `count` shows through the API, one room per worker (BenchShop keeps each room's next free slot). */
async function seedShows(shop: BenchShop, count: number): Promise<void> {
  await Promise.all(
    ROOMS.map(async (roomId, index) => {
      const own = Math.floor(count / ROOMS.length) + (index < count % ROOMS.length ? 1 : 0);
      for (let made = 0; made < own; made++) await shop.newShow(roomId);
    }),
  );
}

interface Probe {
  path: string;
  /** What the page must hold: the sizes asked, the filter kept. */
  check: (page: Page<unknown>) => boolean;
}

function usersProbes(total: number): Probe[] {
  const probes: Probe[] = [];
  for (const pageSize of [25, 50, 100]) {
    const last = Math.ceil(total / pageSize);
    for (const page of [1, 2, Math.ceil(last / 2), last]) {
      for (const sort of ['-createdAt', 'username', 'email', 'role']) {
        probes.push({ path: `/admin?page=${page}&pageSize=${pageSize}&sort=${sort}`, check: (answer) => answer.total === total });
      }
    }
  }
  const staff = (answer: Page<unknown>) => (answer.items as UserView[]).every((user) => user.role === 'staff');
  probes.push({ path: '/admin?page=1&pageSize=50&role=staff&sort=username', check: staff });
  probes.push({ path: '/admin?page=3&pageSize=25&role=staff', check: staff });
  probes.push({ path: '/admin?page=10&pageSize=50&role=user&sort=-createdAt', check: (answer) => answer.items.length === 50 });
  probes.push({ path: '/admin?page=1&pageSize=25&q=socio12', check: (answer) => answer.total > 0 });
  probes.push({ path: '/admin?page=2&pageSize=25&q=lista.test&sort=email', check: (answer) => answer.items.length === 25 });
  return probes;
}

function showsProbes(total: number, shows: readonly ShowView[]): Probe[] {
  const probes: Probe[] = [];
  for (const pageSize of [25, 50, 100]) {
    const last = Math.ceil(total / pageSize);
    for (const page of [1, Math.ceil(last / 2), last]) {
      for (const sort of ['startsAt', '-movie', 'seats', '-price']) {
        probes.push({ path: `/show/all?page=${page}&pageSize=${pageSize}&sort=${sort}`, check: (answer) => answer.total === total });
      }
    }
  }
  const first = shows[0] as ShowView;
  const lastShow = shows.at(-1) as ShowView;
  const middle = shows[Math.floor(shows.length / 2)] as ShowView;
  const every = (test: (show: ShowView) => boolean) => (answer: Page<unknown>) => (answer.items as ShowView[]).every(test);
  probes.push({ path: `/show/all?page=1&pageSize=50&roomId=3`, check: every((show) => show.roomId === 3) });
  probes.push({ path: `/show/all?page=2&pageSize=25&type=2D&sort=-startsAt`, check: every((show) => show.type === '2D') });
  probes.push({
    path: `/show/all?page=1&pageSize=100&from=${middle.date}&to=${middle.date}`,
    check: every((show) => show.date === middle.date),
  });
  probes.push({
    path: `/show/all?page=1&pageSize=25&movieId=${first.movieId}&from=${first.date}&to=${lastShow.date}&roomId=1&type=2D`,
    check: every((show) => show.movieId === first.movieId && show.roomId === 1),
  });
  return probes;
}

/** Each probe once per round, one at a time; the latencies (ms) of the measured rounds. */
async function measure(base: string, token: string, probes: readonly Probe[]): Promise<{ ms: number[]; wrong: string[] }> {
  const ms: number[] = [];
  const wrong: string[] = [];
  for (let round = 0; round <= settings.rounds; round++) {
    for (const probe of probes) {
      const started = performance.now();
      const answer = await api(base, 'GET', probe.path, { token });
      const elapsed = performance.now() - started;
      if (round > 0) ms.push(elapsed);
      if (answer.status !== 200 || !probe.check(answer.json as Page<unknown>)) wrong.push(`${probe.path}: ${answer.status}`);
    }
  }
  return { ms: ms.sort((a, b) => a - b), wrong: [...new Set(wrong)] };
}

function report(name: string, result: { ms: number[]; wrong: string[] }): boolean {
  const p95 = percentile(result.ms, 95);
  print(
    `${name}: ${result.ms.length} pages, p50 ${percentile(result.ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
      `max ${(result.ms.at(-1) ?? Number.NaN).toFixed(1)} ms (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'})`,
  );
  for (const path of result.wrong) print(`  wrong answer: ${path}`);
  return result.wrong.length === 0;
}

async function run(base: string, mongoUrl: string): Promise<boolean> {
  let started = performance.now();
  await seedUsers(mongoUrl, settings.users);
  const shop = await BenchShop.open(base);
  await seedShows(shop, settings.shows);
  print(
    `seeded ${settings.users} users (database) and ${settings.shows} shows (API) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const token = (login.json as LoginResponse).token;
  const first = performance.now();
  const users = (await api(base, 'GET', '/admin?page=1&pageSize=10', { token })).json as Page<UserView>;
  print(`the first Usuarios page after the start (identity reads every user): ${(performance.now() - first).toFixed(0)} ms`);
  const shows = (await api(base, 'GET', '/show/all', { token })).json as ShowView[];
  print(`Usuarios: ${users.total} users; Funciones: ${shows.length} upcoming shows`);

  started = performance.now();
  const ok = [
    report('Usuarios (GET /api/admin)', await measure(base, token, usersProbes(users.total))),
    report('Funciones (GET /api/show/all)', await measure(base, token, showsProbes(shows.length, shows))),
  ].every(Boolean);
  print(
    `measured in ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  return ok;
}

async function main(): Promise<void> {
  const ferretdbPort = await findFreePort();
  const platform = await startNpmStart({ FERRETDB_PORT: String(ferretdbPort) });
  try {
    if (!(await run(platform.baseUrl, `mongodb://127.0.0.1:${ferretdbPort}/`))) process.exitCode = 1;
  } catch (error) {
    failed(error);
  } finally {
    await stopNpmStart(platform.process);
  }
}

function failed(error: unknown): void {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}

main().catch(failed);
