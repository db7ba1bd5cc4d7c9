import { defineCounter, defineGauge, defineHistogram } from './metrics';

/** Seconds from an event's `occurredAt` to a step of its way: a rush's events take milliseconds, an outage minutes. */
const EVENT_LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** The event pipeline's metrics, counted by the kit's outbox relay, buses and idempotent consumers (docs/observability.md). */
export const eventsPublished = defineCounter(
  'cine_events_published_total',
  'Events handed over to the bus (broker confirm, or delivered in process)',
  ['event_type'],
);

const eventsConsumed = defineCounter('cine_events_consumed_total', 'Events a consumer’s handler completed (a redelivery counts again)', [
  'consumer',
  'event_type',
]);

export const eventsDeadLettered = defineCounter(
  'cine_events_dead_lettered_total',
  'Events a consumer gave up on after its delivery attempts',
  ['consumer', 'event_type'],
);

const consumerLag = defineHistogram(
  'cine_event_consumer_lag_seconds',
  'Seconds from an event being recorded (occurredAt) to a consumer having applied it',
  EVENT_LAG_BUCKETS,
  ['consumer', 'event_type'],
);

export const outboxPending = defineGauge('cine_outbox_pending_events', 'Events the outbox relay holds to publish now', ['collection']);

export const outboxRelayLag = defineHistogram(
  'cine_outbox_relay_lag_seconds',
  'Seconds from an event being recorded with its change to the relay having published it',
  EVENT_LAG_BUCKETS,
  ['collection'],
);

export function secondsSince(occurredAt: string): number {
  return Math.max(0, (Date.now() - Date.parse(occurredAt)) / 1000);
}

/** A consumer's handler completed the event: counted, and its lag since the event was recorded observed. */
export function eventHandled(consumer: string, event: { type: string; occurredAt: string }): void {
  const labels = { consumer, event_type: event.type };
  eventsConsumed.inc(labels);
  consumerLag.observe(labels, secondsSince(event.occurredAt));
}
