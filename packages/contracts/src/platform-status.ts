/**
 * The back office's "Estado": the platform's health over the last minutes, read from its own
 * metrics by the gateway (GET /api/status, administrators only).
 */
import { Type, type Static } from '@sinclair/typebox';
import { serviceNames } from './api';

const PerSecond = Type.Number({ minimum: 0, description: 'Per second, over the window' });
const Milliseconds = Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
  description: 'Milliseconds; null with no sample in the window',
});

export const ServiceStatusRow = Type.Object(
  {
    name: Type.Union([...serviceNames, 'gateway'].map((name) => Type.Literal(name))),
    /** From the service's own health check (its database and the broker). */
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]),
    requestsPerSecond: PerSecond,
    errorsPerSecond: Type.Number({ minimum: 0, description: 'Answers ≥ 500 per second, over the window' }),
    p95Ms: Milliseconds,
  },
  { additionalProperties: false },
);
export type ServiceStatusRow = Static<typeof ServiceStatusRow>;

export const ConsumerStatusRow = Type.Object(
  {
    consumer: Type.String(),
    handledPerSecond: PerSecond,
    /** Event recorded → applied by this consumer, 95th percentile over the window. */
    lagP95Ms: Milliseconds,
    /** Events this consumer gave up on since the platform started. */
    deadLetters: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ConsumerStatusRow = Static<typeof ConsumerStatusRow>;

export const PlatformStatusView = Type.Object(
  {
    /** Seconds the rates and percentiles cover (up to the last 5 minutes). */
    windowSeconds: Type.Number({ minimum: 0 }),
    services: Type.Array(ServiceStatusRow),
    consumers: Type.Array(ConsumerStatusRow),
  },
  { $id: 'PlatformStatusView', additionalProperties: false },
);
export type PlatformStatusView = Static<typeof PlatformStatusView>;
