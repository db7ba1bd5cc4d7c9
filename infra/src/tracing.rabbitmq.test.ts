// One purchase is one trace: the gateway → booking (its MongoDB writes, the outbox's publish) →
// RabbitMQ → the sales ledger's writes, and notification's receipt mail. The platform runs in a
// process of its own (testing/traced-purchase.ts, built: `npm install` builds it) with the SDK's
// in-memory exporter, its events over RabbitMQ on a virtual host of this test's.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@cine/embedded-mongo';
import { rabbitmqctl } from './faults/processes';

interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** OpenTelemetry's span kinds, as the exporter numbers them. */
const SpanKind = { SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 } as const;

const script = path.resolve(__dirname, '../dist/testing/traced-purchase.js');
const vhost = `cine-tracing-${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cine-tracing-'));
let spans: CollectedSpan[] = [];
/** The platform's log lines (pino's JSON) written during the run. */
let logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  rabbitmqctl('add_vhost', vhost);
  rabbitmqctl('set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*');
  const base = new URL(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const { stdout } = await promisify(execFile)(process.execPath, [script], {
    env: {
      ...process.env,
      MONGO_URL: '',
      AMQP_URL: `amqp://${base.username}:${base.password}@${base.host}/${vhost}`,
      DATA_DIR: dataDir,
      FERRETDB_PORT: String(await findFreePort()),
      PORT: String(await findFreePort()),
      LOG_LEVEL: 'info',
    },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 150_000,
  });
  const lines = stdout.trim().split('\n');
  spans = JSON.parse(lines.pop() ?? '[]') as CollectedSpan[];
  logLines = lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}, 180_000);

afterAll(() => {
  rabbitmqctl('delete_vhost', vhost);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The span and its ancestors, nearest first. */
function lineage(span: CollectedSpan): CollectedSpan[] {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  const line: CollectedSpan[] = [];
  for (let current: CollectedSpan | undefined = span; current; current = current.parentSpanId ? byId.get(current.parentSpanId) : undefined)
    line.push(current);
  return line;
}

const isGatewayCheckout = (span: CollectedSpan) => span.kind === SpanKind.SERVER && span.attributes['url.path'] === '/api/movies/checkout';
const isLedgerWrite = (span: CollectedSpan) =>
  span.attributes['db.namespace'] === 'cine_sales' &&
  span.attributes['db.collection.name'] === 'sales' &&
  span.attributes['db.operation.name'] === 'insert';

test('the sales ledger write of the purchase is in the gateway request’s trace, through booking, the outbox and RabbitMQ', () => {
  const gateway = spans.find(isGatewayCheckout);
  const ledger = spans.find(isLedgerWrite);
  expect(gateway).toBeDefined();
  expect(ledger).toBeDefined();
  const line = lineage(ledger as CollectedSpan);
  expect(new Set(line.map((span) => span.traceId))).toEqual(new Set([gateway?.traceId]));
  // Nearest first: every hop's span is the parent of the next one's chain.
  const hops = line.map((span) => `${span.kind} ${span.name}`);
  const expected = [
    `${SpanKind.CONSUMER} sales.orders process`,
    `${SpanKind.PRODUCER} publish cine.events`,
    `${SpanKind.PRODUCER} publish order.paid`,
    `${SpanKind.SERVER} POST /movies/checkout`,
    `${SpanKind.CLIENT} POST`,
    `${SpanKind.SERVER} POST /api/*`,
  ];
  let from = 0;
  for (const hop of expected) {
    const at = hops.indexOf(hop, from);
    expect({ hop, found: at >= 0 }).toEqual({ hop, found: true });
    from = at + 1;
  }
  expect(line).toContain(gateway);
  // The booking span is a child of the gateway's hop to booking, which is a child of the gateway's request.
  const booking = line.find((span) => span.name === 'POST /movies/checkout') as CollectedSpan;
  const hop = line.find((span) => span.spanId === booking.parentSpanId) as CollectedSpan;
  expect(hop.kind).toBe(SpanKind.CLIENT);
  expect(lineage(hop)).toContain(gateway);
});

test('booking’s MongoDB writes of the order and notification’s receipt mail are in the same trace', () => {
  const gateway = spans.find(isGatewayCheckout) as CollectedSpan;
  const inTrace = spans.filter((span) => span.traceId === gateway.traceId);
  const orderInsert = inTrace.find((span) => span.attributes['db.namespace'] === 'cine_booking' && span.name === 'insert orders');
  expect(orderInsert).toBeDefined();
  expect(lineage(orderInsert as CollectedSpan).map((span) => span.name)).toContain('POST /movies/checkout');
  const receipt = inTrace.find((span) => span.name === 'notification.receipt process');
  expect(receipt).toBeDefined();
  expect(lineage(receipt as CollectedSpan)).toContain(gateway);
});

test('the log lines written while serving the purchase carry its trace_id and span_id', () => {
  const gateway = spans.find(isGatewayCheckout) as CollectedSpan;
  const spanIds = new Set(spans.filter((span) => span.traceId === gateway.traceId).map((span) => span.spanId));
  const logged = logLines.filter((line) => line.trace_id === gateway.traceId);
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.every((line) => spanIds.has(line.span_id as string))).toBe(true);
  // The booking service's own line of the checkout request, not only the gateway's.
  expect(logged.some((line) => (line.req as { url?: string } | undefined)?.url === '/movies/checkout')).toBe(true);
});
