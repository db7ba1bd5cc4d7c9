// Debian's Prometheus scrapes `npm start`'s metrics endpoint while a buyer purchases through the
// gateway; its HTTP API then answers what an operator's dashboard would read. Needs `prometheus` on
// PATH (`apt-get install prometheus`) and the built platform (`npm install` builds it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@cine/embedded-mongo';
import { BenchShop, isPaid, registerBuyers } from './bench/bench-kit';
import { startNpmStart, stopNpmStart, type StartedPlatform } from './testing/npm-start';

const SCRAPE_SECONDS = 1;

let platform: StartedPlatform;
let prometheus: ChildProcess;
let prometheusUrl: string;
let metricsUrl: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cine-prometheus-'));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** An instant query's single value, or undefined when it has no series. */
async function query(expression: string): Promise<number | undefined> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`);
  const body = (await response.json()) as { status: string; data: { result: Array<{ value: [number, string] }> } };
  if (body.status !== 'success') throw new Error(`query failed: ${expression}`);
  const [first] = body.data.result;
  return first ? Number(first.value[1]) : undefined;
}

/** Waits for a scrape newer than now, so a query sees what the platform counted before it. */
async function nextScrape(): Promise<void> {
  const since = Date.now() / 1000;
  await waitFor('a new scrape', async () => {
    const last = await query('timestamp(up{job="cine"})');
    return last !== undefined && last > since ? true : undefined;
  });
}

beforeAll(async () => {
  const metricsPort = await findFreePort();
  platform = await startNpmStart({ METRICS_PORT: String(metricsPort), MONGO_COMMAND_METRICS: 'true' });
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const config = path.join(folder, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      `  scrape_interval: ${SCRAPE_SECONDS}s`,
      'scrape_configs:',
      '  - job_name: cine',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${metricsPort}']`,
      '',
    ].join('\n'),
  );
  const port = await findFreePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [`--config.file=${config}`, `--storage.tsdb.path=${path.join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  await waitFor('Prometheus ready', async () => ((await fetch(`${prometheusUrl}/-/ready`)).ok ? true : undefined));
  await waitFor('the platform scraped', async () => ((await query('up{job="cine"}')) === 1 ? true : undefined));
}, 240_000);

afterAll(async () => {
  prometheus?.kill('SIGTERM');
  if (platform) await stopNpmStart(platform.process);
  rmSync(folder, { recursive: true, force: true });
});

test('a purchase shows in Prometheus: one more paid order, a timed checkout, the sale applied within 5 s', async () => {
  const shop = await BenchShop.open(platform.baseUrl);
  const show = await shop.newShow(1);
  const [buyer] = await registerBuyers(platform.baseUrl, 1);
  await nextScrape();
  const purchasesBefore = await query('sum(cine_purchases_total)');
  expect(purchasesBefore).toBe(0);

  const purchase = await shop.purchase(buyer as NonNullable<typeof buyer>, show.id);
  expect(isPaid(purchase)).toBe(true);

  const sold = 'sum(cine_events_consumed_total{consumer="sales.orders",event_type="order.paid"})';
  await waitFor('the sale applied and scraped', async () => ((await query(sold)) === 1 ? true : undefined));
  expect(await query('sum(cine_purchases_total)')).toBe(1);
  // One General ticket: the show's "desde" price (its price card's General price on the show's day).
  expect(await query('sum(cine_purchase_amount_cents_total)')).toBe(show.price);
  expect(
    await query(
      'sum(http_server_request_duration_seconds_count{service="booking",http_route="/movies/checkout",http_request_method="POST",http_response_status_code="200"})',
    ),
  ).toBe(1);
  // Every sale the ledger applied was applied within 5 s of being paid.
  const lag = '{consumer="sales.orders",event_type="order.paid"}';
  expect(await query(`sum(cine_event_consumer_lag_seconds_bucket${lag.replace('}', ',le="5"}')})`)).toBe(1);
  expect(await query(`sum(cine_event_consumer_lag_seconds_sum${lag})`)).toBeLessThan(5);
  expect(await query('sum(cine_seat_holds_made_total)')).toBe(1);
  expect(await query('sum(db_client_operation_duration_seconds_count{service="booking",db_operation_name="insert"})')).toBeGreaterThan(0);
}, 120_000);

test('every query of the Grafana dashboard is valid PromQL and reads metrics the platform declares', async () => {
  const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../observability/grafana/dashboards/cine.json'), 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
  expect(queries.length).toBeGreaterThan(20);
  const answers = await Promise.all(
    queries.map(async ({ panel, expr }) => {
      const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr.replaceAll('$__rate_interval', '1m'))}`);
      const body = (await response.json()) as { status: string; error?: string };
      return { panel, expr, status: body.status, error: body.error };
    }),
  );
  expect(answers.filter((answer) => answer.status !== 'success')).toEqual([]);
  // Each metric a panel reads is one the platform declares (a renamed metric would leave a panel empty for good).
  const exposition = await (await fetch(metricsUrl)).text();
  const declared = new Set(
    [...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
      type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name as string],
    ),
  );
  const read = queries.flatMap(({ expr }) => expr.replace(/by \([^)]*\)/g, '').match(/\b[a-z][a-z0-9_]*(?=[{[)])/g) ?? []);
  expect(read.length).toBeGreaterThan(20);
  const functions = new Set(['rate', 'increase', 'sum', 'max', 'topk', 'histogram_quantile']);
  expect([...new Set(read)].filter((name) => !functions.has(name) && !declared.has(name))).toEqual([]);
});
