// Preloaded with `node --require` (npm start, the containers) so that the OpenTelemetry SDK patches
// http, undici, Fastify, MongoDB, amqplib and pino before the app first requires them. With tracing
// off (no OTEL_EXPORTER_OTLP_ENDPOINT) it loads nothing: start-up and requests pay nothing for it.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a conditional load is the point: nothing of the SDK when off
  const { startTracingFromEnv } = require('./tracing') as typeof import('./tracing');
  startTracingFromEnv('cine');
}
