import { MetricsHistory, quantileBetween, snapshotOf, STATUS_WINDOW_MS, type MetricJson } from './platform-status';

/** The platform's metrics as prom-client reports them: `requests` answers of booking taking `seconds` each. */
function metrics({ requests = 0, seconds = 0.1, errors = 0, handled = 0, lagSeconds = 0.2, deadLetters = 0 } = {}): MetricJson[] {
  const bounds = ['0.05', '0.1', '0.25', '0.5', '1', '+Inf'];
  const bucket = (le: string, observed: number, count: number) => (le === '+Inf' || observed <= Number(le) ? count : 0);
  return [
    {
      name: 'http_server_request_duration_seconds',
      values: [
        ...bounds.map((le) => ({
          metricName: 'http_server_request_duration_seconds_bucket',
          labels: { service: 'booking', le },
          value: bucket(le, seconds, requests),
        })),
        {
          metricName: 'http_server_request_duration_seconds_count',
          labels: { service: 'booking', http_response_status_code: 200 },
          value: requests - errors,
        },
        {
          metricName: 'http_server_request_duration_seconds_count',
          labels: { service: 'booking', http_response_status_code: 503 },
          value: errors,
        },
      ],
    },
    {
      name: 'cine_event_consumer_lag_seconds',
      values: [
        ...bounds.map((le) => ({
          metricName: 'cine_event_consumer_lag_seconds_bucket',
          labels: { consumer: 'sales.orders', le },
          value: bucket(le, lagSeconds, handled),
        })),
        { metricName: 'cine_event_consumer_lag_seconds_count', labels: { consumer: 'sales.orders' }, value: handled },
      ],
    },
    { name: 'cine_events_consumed_total', values: [{ labels: { consumer: 'sales.orders', event_type: 'order.paid' }, value: handled }] },
    {
      name: 'cine_events_dead_lettered_total',
      values: [{ labels: { consumer: 'sales.orders', event_type: 'order.paid' }, value: deadLetters }],
    },
  ];
}

describe('the platform status', () => {
  it('interpolates a quantile within its bucket, as histogram_quantile does, and has none without samples', () => {
    const now = snapshotOf(metrics({ requests: 100, seconds: 0.2 }), 0).requests.get('booking');
    // All 100 in (0.1, 0.25]: the 95th is 95% of the way through that bucket.
    expect(quantileBetween(0.95, now, undefined)).toBeCloseTo(0.1 + 0.15 * 0.95);
    expect(quantileBetween(0.95, now, now)).toBeNull();
    expect(quantileBetween(0.95, undefined, undefined)).toBeNull();
  });

  it('reports rates and percentiles over the window, from the oldest reading kept to now', async () => {
    let now = 0;
    let current = metrics();
    const history = new MetricsHistory(
      async () => current,
      () => now,
    );
    await history.record();
    // Before the window: slow requests and old lag, which must not show.
    now = 60_000;
    current = metrics({ requests: 600, seconds: 0.8, handled: 10, lagSeconds: 3 });
    await history.record();
    now = 60_000 + STATUS_WINDOW_MS + 1;
    await history.record();
    now += 60_000;
    // What the window added: fast requests and events, on top of the slow ones before it.
    const fast = metrics({ requests: 1200, seconds: 0.04, errors: 60, handled: 120, lagSeconds: 0.2, deadLetters: 2 });
    const slow = metrics({ requests: 600, seconds: 0.8, handled: 10, lagSeconds: 3 });
    current = fast.map((metric, m) => ({
      ...metric,
      values: metric.values.map((value, v) => ({ ...value, value: value.value + ((slow[m]?.values[v]?.value ?? 0) as number) })),
    }));
    const status = await history.status({ booking: 'ok', sales: 'degraded' });

    expect(status.windowSeconds).toBe(60);
    const booking = status.services.find((service) => service.name === 'booking');
    expect(booking).toMatchObject({ status: 'ok', requestsPerSecond: 20, errorsPerSecond: 1 });
    expect(booking?.p95Ms).toBeLessThanOrEqual(50);
    expect(status.services.find((service) => service.name === 'sales')).toMatchObject({
      status: 'degraded',
      requestsPerSecond: 0,
      p95Ms: null,
    });
    expect(status.services.find((service) => service.name === 'identity')?.status).toBe('down');
    expect(status.services.map((service) => service.name)).toEqual([
      'gateway',
      'identity',
      'notification',
      'catalog',
      'booking',
      'candy',
      'sales',
    ]);
    expect(status.consumers).toEqual([{ consumer: 'sales.orders', handledPerSecond: 2, lagP95Ms: expect.any(Number), deadLetters: 2 }]);
    expect(status.consumers[0]?.lagP95Ms).toBeLessThanOrEqual(250);
  });
});
