/**
 * One purchase through the whole platform in this process, with OpenTelemetry's SDK collecting
 * spans in memory; prints them as one JSON line. Run by `tracing.rabbitmq.test.ts` in a process of
 * its own: the instrumentations patch http, Fastify, MongoDB and amqplib as Node first requires them
 * (jest's module loader would bypass that). Settings from the environment as `npm start`'s
 * (AMQP_URL, DATA_DIR, FERRETDB_PORT, PORT).
 */
import { InMemorySpanExporter, startTracing, type ReadableSpan } from '@cine/service-kit/tracing';

export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** The sales ledger's write of the sale record: the last step of a purchase's way. */
export const isLedgerWrite = (span: CollectedSpan) =>
  span.attributes['db.namespace'] === 'cine_sales' && span.attributes['db.collection.name'] === 'sales';

/** The receipt mail's consumer. */
export const isReceiptMail = (span: CollectedSpan) => span.name === 'notification.receipt process';

function collected(span: ReadableSpan): CollectedSpan {
  return {
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: span.kind,
    attributes: { ...span.attributes },
  };
}

/**
 * A movie made now, shorter than the seeded ones (the benchmarks' shop picks the shortest): on a
 * fresh broker the seeds' movie.created went out before booking's queue existed, as RabbitMQ drops
 * what no queue is bound for.
 */
async function addShortMovie(base: string): Promise<void> {
  const { api } = await import('./gateway-api.js');
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = await import('./npm-start.js');
  const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const created = await api(base, 'POST', '/movies/createMovie', {
    token: (login.json as { token: string }).token,
    body: {
      Title: 'Traza Corta',
      Poster: '/api/uploads/0123456789abcdef01234567',
      Rated: 'ATP',
      Plot: 'Una compra recorre la plataforma de punta a punta.',
      Genre: 'Documental',
      Actors: 'Elenco de prueba',
      Director: 'Dirección de prueba',
      Runtime: '30',
      Language: 'Español',
      Release: '2020-01-01',
      Trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      Type: '2D',
    },
  });
  if (created.status !== 201) throw new Error(`movie not created: ${created.status} ${JSON.stringify(created.json)}`);
}

/** Booking learns the movie through the broker a moment later: a show of it is refused until then. */
async function untilAccepted<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(): Promise<void> {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ serviceName: 'cine', exporter, exportEachSpan: true });
  // Loaded once the instrumentations are in place.
  const { platformSettingsFromEnv, startPlatform } = await import('../platform.js');
  const { BenchShop, isPaid, registerBuyers } = await import('../bench/bench-kit.js');
  const platform = await startPlatform(platformSettingsFromEnv());
  try {
    await addShortMovie(platform.gatewayUrl);
    const { shop, show } = await untilAccepted(async () => {
      const shop = await BenchShop.open(platform.gatewayUrl);
      return { shop, show: await shop.newShow(1) };
    });
    const [buyer] = await registerBuyers(platform.gatewayUrl, 1);
    if (!buyer) throw new Error('no buyer');
    const purchase = await shop.purchase(buyer, show.id);
    if (!isPaid(purchase)) throw new Error(`the purchase was not paid: ${JSON.stringify(purchase)}`);
    const done = () => {
      const spans = exporter.getFinishedSpans().map(collected);
      return spans.some(isLedgerWrite) && spans.some(isReceiptMail);
    };
    const deadline = Date.now() + 30_000;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    process.stdout.write(`${JSON.stringify(exporter.getFinishedSpans().map(collected))}\n`);
  } finally {
    await platform.stop();
    await tracing.shutdown();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
