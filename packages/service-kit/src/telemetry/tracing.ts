// Loaded before Fastify, mongoose, amqplib and pino (see `./trace-from-env`): the instrumentations
// patch those modules as they are first required. Imports nothing of the app.
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** For tests that collect spans in process. */
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';

export interface TracingOptions {
  /** The resource's service.name: a container's service, or `cine` for the whole platform in one process. */
  serviceName: string;
  /** Where spans go: OTLP over HTTP in production, an in-memory exporter in tests. */
  exporter: SpanExporter;
  /** Share of new traces kept (a request that arrives with a sampled parent is always kept). */
  sampleRatio?: number;
  /** Export each span as it ends (tests) rather than in batches. */
  exportEachSpan?: boolean;
}

export interface Tracing {
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * The OpenTelemetry SDK with the instrumentations of what the platform uses: incoming and outgoing
 * HTTP (node:http, undici: the gateway's hops), Fastify's routes, MongoDB's commands (mongoose sits on
 * the driver), RabbitMQ's publish and consume (W3C trace context in each message's headers), and
 * pino, which then writes `trace_id` and `span_id` on every log line written inside a span.
 */
export function startTracing({ serviceName, exporter, sampleRatio = 1, exportEachSpan = false }: TracingOptions): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(sampleRatio) }),
    spanProcessors: [exportEachSpan ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
      new MongoDBInstrumentation(),
      new AmqplibInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  return {
    shutdown: async () => {
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** OTEL_TRACES_SAMPLER_ARG as OpenTelemetry's ratio samplers read it: 0 to 1, default 1. */
function sampleRatioFromEnv(): number {
  const ratio = Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
}

/**
 * Tracing as the environment asks: on, exported over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise nothing is loaded or patched, so the
 * OpenTelemetry API the kit calls stays its no-op.
 */
export function startTracingFromEnv(defaultServiceName: string): Tracing | undefined {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  return startTracing({
    serviceName: process.env.OTEL_SERVICE_NAME ?? defaultServiceName,
    exporter: new OTLPTraceExporter(),
    sampleRatio: sampleRatioFromEnv(),
  });
}
