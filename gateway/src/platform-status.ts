import { serviceNames, type ConsumerStatusRow, type PlatformStatusView, type ServiceStatusRow } from '@cine/contracts';

/** A metric as prom-client's `getMetricsAsJSON()` gives it (and a metrics port's /metrics.json). */
export interface MetricJson {
  name: string;
  values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
}

/** A cumulative histogram: its bucket counts by upper bound, ascending (the last is +Inf). */
interface Histogram {
  buckets: Map<number, number>;
  count: number;
}

interface Snapshot {
  at: number;
  requests: Map<string, Histogram>;
  errors: Map<string, number>;
  lag: Map<string, Histogram>;
  handled: Map<string, number>;
  deadLetters: Map<string, number>;
}

/** How far back the status looks, and how often the gateway keeps a reading of the metrics. */
export const STATUS_WINDOW_MS = 5 * 60_000;
export const STATUS_SAMPLE_MS = 15_000;

function histogramOf(into: Map<string, Histogram>, key: string): Histogram {
  let histogram = into.get(key);
  if (!histogram) into.set(key, (histogram = { buckets: new Map(), count: 0 }));
  return histogram;
}

const add = (into: Map<string, number>, key: string, value: number) => into.set(key, (into.get(key) ?? 0) + value);

/** One reading of the platform's metrics, summed per service and per consumer. */
export function snapshotOf(metrics: readonly MetricJson[], at: number): Snapshot {
  const snapshot: Snapshot = { at, requests: new Map(), errors: new Map(), lag: new Map(), handled: new Map(), deadLetters: new Map() };
  for (const metric of metrics) {
    for (const { value, labels, metricName } of metric.values) {
      if (metric.name === 'http_server_request_duration_seconds') {
        const service = String(labels.service);
        if (metricName?.endsWith('_bucket')) {
          const buckets = histogramOf(snapshot.requests, service).buckets;
          const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
          buckets.set(le, (buckets.get(le) ?? 0) + value);
        } else if (metricName?.endsWith('_count')) {
          histogramOf(snapshot.requests, service).count += value;
          if (Number(labels.http_response_status_code) >= 500) add(snapshot.errors, service, value);
        }
      } else if (metric.name === 'cine_event_consumer_lag_seconds') {
        const consumer = String(labels.consumer);
        if (metricName?.endsWith('_bucket')) {
          const buckets = histogramOf(snapshot.lag, consumer).buckets;
          const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
          buckets.set(le, (buckets.get(le) ?? 0) + value);
        } else if (metricName?.endsWith('_count')) histogramOf(snapshot.lag, consumer).count += value;
      } else if (metric.name === 'cine_events_consumed_total') add(snapshot.handled, String(labels.consumer), value);
      else if (metric.name === 'cine_events_dead_lettered_total') add(snapshot.deadLetters, String(labels.consumer), value);
    }
  }
  return snapshot;
}

/**
 * The q-quantile of what a histogram counted between two readings, interpolated within its bucket
 * as Prometheus' histogram_quantile does; null when it counted nothing.
 */
export function quantileBetween(q: number, now: Histogram | undefined, then: Histogram | undefined): number | null {
  if (!now) return null;
  const total = now.count - (then?.count ?? 0);
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let below = 0;
  for (const le of [...now.buckets.keys()].sort((a, b) => a - b)) {
    const counted = (now.buckets.get(le) ?? 0) - (then?.buckets.get(le) ?? 0);
    if (counted >= rank) {
      if (!Number.isFinite(le)) return lowerBound;
      return lowerBound + (le - lowerBound) * ((rank - below) / Math.max(counted - below, 1e-9));
    }
    lowerBound = le;
    below = counted;
  }
  return lowerBound;
}

const perSecond = (now: number, then: number, seconds: number) => (seconds > 0 ? Math.max(0, now - then) / seconds : 0);
const milliseconds = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 1000));

/** The status between a reading of the window's start and one of now; the health of each service as probed. */
function platformStatus(now: Snapshot, then: Snapshot, health: Record<string, ServiceStatusRow['status']>): PlatformStatusView {
  const seconds = (now.at - then.at) / 1000;
  const services: ServiceStatusRow[] = (['gateway', ...serviceNames] as const).map((name) => ({
    name,
    status: health[name] ?? 'down',
    requestsPerSecond: perSecond(now.requests.get(name)?.count ?? 0, then.requests.get(name)?.count ?? 0, seconds),
    errorsPerSecond: perSecond(now.errors.get(name) ?? 0, then.errors.get(name) ?? 0, seconds),
    p95Ms: milliseconds(quantileBetween(0.95, now.requests.get(name), then.requests.get(name))),
  }));
  const consumerNames = [...new Set([...now.handled.keys(), ...now.deadLetters.keys()])].sort();
  const consumers: ConsumerStatusRow[] = consumerNames.map((consumer) => ({
    consumer,
    handledPerSecond: perSecond(now.handled.get(consumer) ?? 0, then.handled.get(consumer) ?? 0, seconds),
    lagP95Ms: milliseconds(quantileBetween(0.95, now.lag.get(consumer), then.lag.get(consumer))),
    deadLetters: now.deadLetters.get(consumer) ?? 0,
  }));
  return { windowSeconds: Math.round(seconds), services, consumers };
}

/**
 * Readings of the platform's metrics kept for the window: the status compares a reading taken now
 * with the oldest one kept, so its rates and percentiles cover the last minutes, not all time.
 */
export class MetricsHistory {
  private readonly readings: Snapshot[] = [];

  constructor(
    private readonly read: () => Promise<MetricJson[]>,
    private readonly clock: () => number = Date.now,
  ) {}

  async record(): Promise<Snapshot> {
    const snapshot = snapshotOf(await this.read(), this.clock());
    this.readings.push(snapshot);
    while (this.readings.length > 1 && snapshot.at - (this.readings[0] as Snapshot).at > STATUS_WINDOW_MS) this.readings.shift();
    return snapshot;
  }

  /** The status from the oldest reading kept to a new one (the first reading is taken at start, so there is always one). */
  async status(health: Record<string, ServiceStatusRow['status']>): Promise<PlatformStatusView> {
    const oldest = this.readings[0];
    const now = await this.record();
    return platformStatus(now, oldest ?? snapshotOf([], now.at), health);
  }
}
