/**
 * What one purchase costs each process, for docs/capacity.md: `npm run bench:capacity` (after
 * `npm install`; needs RabbitMQ on 127.0.0.1:5672 and rabbitmqctl, as `npm run test:faults`).
 *
 * The platform runs as containers run it (one process per service and the gateway, RabbitMQ, the
 * embedded FerretDB), each service reaching the database through a counting proxy (WireCounter).
 * BENCH_BUYERS (40) buyers each buy one seat of a seeded show, BENCH_CONCURRENCY (20) at a time,
 * BENCH_ROUNDS (6) shows one after the other, after one warm-up round that is not counted. Printed
 * per process: CPU ms per purchase (user + system over the rounds and until the sales ledger has
 * every order, less the process's idle CPU over as long), peak RSS, and per service the database
 * commands per purchase by name; the same CPU and RSS figures for the embedded FerretDB process,
 * apart from the Node processes' sum. Then the same for browsing: BENCH_BROWSES (400) visits of the
 * presale's pages before a purchase (billboard, `/show/all`, candy, one show: four reads, as
 * `bench:presale`'s buyers make them), per visit; and every buyer signing in once more, per login. The events published per purchase are counted
 * by a fan-out subscription of the bench's own to every event type.
 */
import { loadavg } from 'node:os';
import { eventVersions, serviceNames, type CineEventType, type ServiceName } from '@cine/contracts';
import { connectDatabase, RabbitMqEventBus } from '@cine/service-kit';
import { freeShow, isFailure, rush } from '../testing/rush';
import { ProcessPlatform, waitFor } from '../faults/processes';
import { BUYER_PASSWORD } from '../testing/buyers';
import { api } from '../testing/gateway-api';
import { cpuMs, print, registerBuyers, rssMb } from './bench-kit';
import { WireCounter } from './wire-counter';

const settings = {
  buyers: Number(process.env.BENCH_BUYERS ?? 40),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 20),
  rounds: Number(process.env.BENCH_ROUNDS ?? 6),
  browses: Number(process.env.BENCH_BROWSES ?? 400),
};
const IDLE_MS = 5000;

type ProcessName = ServiceName | 'gateway' | typeof DATABASE;
/** The embedded FerretDB, measured as the Node processes are and printed apart from their sum. */
const DATABASE = 'ferretdb';
const nodeProcesses: readonly ProcessName[] = ['gateway', ...serviceNames];
const processNames: readonly ProcessName[] = [...nodeProcesses, DATABASE];

function pidOf(platform: ProcessPlatform, name: ProcessName): number {
  return name === DATABASE ? platform.databasePid() : platform.pidOf(name);
}

function cpuOfAll(platform: ProcessPlatform): Map<ProcessName, number> {
  return new Map(processNames.map((name) => [name, cpuMs(pidOf(platform, name))]));
}

async function main(): Promise<void> {
  const counters = new Map<ServiceName, WireCounter>();
  const platform = new ProcessPlatform({
    databaseUrl: async (service, url) => {
      const { hostname, port } = new URL(url);
      const counter = new WireCounter({ host: hostname, port: Number(port) });
      counters.set(service, counter);
      return `mongodb://127.0.0.1:${await counter.listen()}`;
    },
  });
  await platform.start();
  const sales = await connectDatabase(platform.mongoUrl, `${platform.databasePrefix}sales`);
  const listener = await RabbitMqEventBus.connect(`amqp://guest:guest@127.0.0.1:5672/${platform.virtualHost}`);
  const events = new Map<string, number>();
  await listener.subscribe(
    'bench.capacity',
    Object.keys(eventVersions) as CineEventType[],
    async (event) => {
      events.set(event.type, (events.get(event.type) ?? 0) + 1);
    },
    { everyInstance: true },
  );
  try {
    const base = platform.gatewayUrl;
    await platform.seededShows();
    const buyers = await registerBuyers(base, settings.buyers);
    const used = new Set<string>();
    const round = async () => rush(base, await freeShow(base, settings.buyers, used), buyers, { concurrency: settings.concurrency });
    await round();

    const idleBefore = cpuOfAll(platform);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleAfter = cpuOfAll(platform);

    const idleRate = (name: ProcessName) => ((idleAfter.get(name) ?? 0) - (idleBefore.get(name) ?? 0)) / IDLE_MS;
    const measure = async (work: () => Promise<number>) => {
      const peakRss = new Map<ProcessName, number>(processNames.map((name) => [name, 0]));
      const sampler = setInterval(() => {
        for (const name of processNames) peakRss.set(name, Math.max(peakRss.get(name) ?? 0, rssMb(pidOf(platform, name))));
      }, 250);
      const opsBefore = new Map([...counters].map(([name, counter]) => [name, counter.snapshot()]));
      const cpuBefore = cpuOfAll(platform);
      const started = performance.now();
      const units = await work();
      const elapsedMs = performance.now() - started;
      const cpuAfter = cpuOfAll(platform);
      clearInterval(sampler);
      return { units, elapsedMs, peakRss, opsBefore, cpuBefore, cpuAfter };
    };
    const report = (unit: string, figures: Awaited<ReturnType<typeof measure>>) => {
      const { units, elapsedMs, peakRss, opsBefore, cpuBefore, cpuAfter } = figures;
      print(`process       ${`CPU ms/${unit}`.padStart(15)}   idle CPU ms/s   peak RSS MB   DB commands/${unit}`);
      let cpuTotal = 0;
      let opsTotal = 0;
      const cpuOf = (name: ProcessName) =>
        ((cpuAfter.get(name) ?? 0) - (cpuBefore.get(name) ?? 0) - idleRate(name) * elapsedMs) / Math.max(1, units);
      for (const name of nodeProcesses) {
        const cpu = cpuOf(name);
        cpuTotal += cpu;
        let opsText = '-';
        if (name !== 'gateway' && name !== DATABASE) {
          const before = opsBefore.get(name) ?? new Map<string, number>();
          const after = counters.get(name)?.snapshot() ?? new Map<string, number>();
          const byCommand = [...after]
            .map(([command, count]) => [command, (count - (before.get(command) ?? 0)) / Math.max(1, units)] as const)
            .filter(([, perUnit]) => perUnit >= 0.005)
            .sort((a, b) => b[1] - a[1]);
          const sum = byCommand.reduce((total, [, perUnit]) => total + perUnit, 0);
          opsTotal += sum;
          opsText = `${sum.toFixed(2)} (${byCommand.map(([command, perUnit]) => `${command} ${perUnit.toFixed(2)}`).join(', ')})`;
        }
        print(
          `${name.padEnd(13)} ${cpu.toFixed(2).padStart(15)}   ${(idleRate(name) * 1000).toFixed(1).padStart(13)}   ${(peakRss.get(name) ?? 0).toFixed(0).padStart(11)}   ${opsText}`,
        );
      }
      print(
        `${'all (Node)'.padEnd(13)} ${cpuTotal.toFixed(2).padStart(15)}   ${''.padStart(13)}   ${''.padStart(11)}   ${opsTotal.toFixed(2)}`,
      );
      // The database's own CPU: what the commands above cost FerretDB (and its SQLite) to answer.
      print(
        `${DATABASE.padEnd(13)} ${cpuOf(DATABASE).toFixed(2).padStart(15)}   ${(idleRate(DATABASE) * 1000).toFixed(1).padStart(13)}   ${(peakRss.get(DATABASE) ?? 0).toFixed(0).padStart(11)}   (the embedded database, not in the sum above)`,
      );
    };

    const salesBefore = await sales.collection('sales').countDocuments();
    const eventsBefore = new Map(events);
    let failures = 0;
    let rushSeconds = 0;
    const purchases = await measure(async () => {
      const started = performance.now();
      let paid = 0;
      for (let index = 0; index < settings.rounds; index++) {
        for (const purchase of await round()) {
          if (purchase.checkoutStatuses.at(-1) === 200) paid += 1;
          if ([...purchase.holdStatuses, ...purchase.checkoutStatuses].some(isFailure)) failures += 1;
        }
      }
      rushSeconds = (performance.now() - started) / 1000;
      // Counted once the last order.paid is in the ledger: the consumers' work belongs to the purchases.
      await waitFor(async () => (await sales.collection('sales').countDocuments()) - salesBefore >= paid, 120_000, 'the sales ledger');
      return paid;
    });
    print(
      `capacity: ${purchases.units} purchases (1 seat each) in ${rushSeconds.toFixed(1)} s = ${(purchases.units / rushSeconds).toFixed(1)}/s, ${settings.concurrency} at a time, ${failures} with a 5xx or no answer; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (a shared machine: CPU per purchase holds, rates do not)`,
    );
    report('purchase', purchases);
    print(
      `events published per purchase: ${[...events]
        .map(([type, count]) => [type, (count - (eventsBefore.get(type) ?? 0)) / Math.max(1, purchases.units)] as const)
        .filter(([, perPurchase]) => perPurchase > 0)
        .map(([type, perPurchase]) => `${type} ${perPurchase.toFixed(2)}`)
        .join(', ')}`,
    );

    const showIds = ((await api(base, 'GET', '/show/all')).json as Array<{ id: string }>).map((show) => show.id);
    let browseFailures = 0;
    const browsing = await measure(async () => {
      let visits = 0;
      await Promise.all(
        buyers.slice(0, settings.concurrency).map(async (buyer, index) => {
          while (visits < settings.browses) {
            visits += 1;
            const showId = showIds[(visits + index) % showIds.length] as string;
            for (const path of ['/movies/billboard', '/show/all', '/candy/', `/show/one/${showId}`]) {
              const answer = await api(base, 'GET', path, { token: buyer.token, forwardedFor: buyer.address }).catch(() => ({ status: 0 }));
              if (isFailure(answer.status)) browseFailures += 1;
            }
          }
        }),
      );
      return visits;
    });
    print(
      `browsing: ${browsing.units} visits (4 reads each) in ${(browsing.elapsedMs / 1000).toFixed(1)} s, ${browseFailures} reads with a 5xx or no answer; ${showIds.length} upcoming shows`,
    );
    report('visit', browsing);

    // A buyer signing in before the presale: argon2id verifies the password (identity's CPU).
    let loginFailures = 0;
    const logins = await measure(async () => {
      const queue = [...buyers];
      await Promise.all(
        Array.from({ length: settings.concurrency }, async () => {
          for (let buyer = queue.shift(); buyer; buyer = queue.shift()) {
            const answer = await api(base, 'POST', '/auth/login', {
              body: { email: buyer.email, password: BUYER_PASSWORD },
              forwardedFor: buyer.address,
            }).catch(() => ({ status: 0 }));
            if (answer.status !== 200) loginFailures += 1;
          }
        }),
      );
      return buyers.length;
    });
    print(`logins: ${logins.units} in ${(logins.elapsedMs / 1000).toFixed(1)} s, ${loginFailures} not answered 200`);
    report('login', logins);
  } finally {
    await listener.close();
    await sales.close();
    await platform.close();
    await Promise.all([...counters.values()].map((counter) => counter.close()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
