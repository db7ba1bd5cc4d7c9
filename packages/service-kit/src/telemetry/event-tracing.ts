import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import type { CineEvent } from '@cine/contracts';

const tracer = trace.getTracer('@cine/service-kit');

/**
 * The W3C trace context of the current span (a request's), to be stored with an event: the outbox
 * publishes later, from another context, and the consumers continue the request's trace from it.
 * Empty when tracing is off (the API's no-op propagator writes nothing).
 */
export function currentTraceContext(): Record<string, string> | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

async function inSpan<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    throw error;
  } finally {
    span.end();
  }
}

/** Runs a publish of the event as a producer span of the trace the event was recorded in (not of whatever context runs the relay). */
export function publishSpan<T>(event: CineEvent, publish: () => Promise<T>): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, event.traceContext ?? {});
  return tracer.startActiveSpan(
    `publish ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.operation.type': 'send', 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
    },
    parent,
    (span) => inSpan(span, publish),
  );
}

/** Runs a consumer's handling of the event as a consumer span (the in-process bus: RabbitMQ's is amqplib's instrumentation's). */
export function processSpan<T>(consumer: string, event: CineEvent, handle: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    `process ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.type,
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': event.id,
      },
    },
    (span) => inSpan(span, handle),
  );
}
