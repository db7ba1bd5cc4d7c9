import { Schema } from 'mongoose';
import { createEvent } from '../events/event-bus';
import { InProcessEventBus } from '../events/in-process-bus';
import { outboxPlugin, startOutboxRelay, type WithOutbox } from '../events/outbox';
import { createTestContext } from '../testing';
import { metricsRegistry } from './metrics';

/** A metric's value for the labels (a histogram's by `metricName`, e.g. its _count). */
async function valueOf(name: string, labels: Record<string, string>, series = name): Promise<number> {
  const values = (await metricsRegistry.getSingleMetric(name)?.get())?.values ?? [];
  return values
    .filter((value) => ((value as { metricName?: string }).metricName ?? name) === series)
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('event pipeline metrics', () => {
  it('count what the bus published, what each consumer handled with its lag, and what it dead-lettered', async () => {
    const bus = new InProcessEventBus();
    await bus.subscribe('sales.orders', ['user.deleted'], async () => undefined);
    await bus.subscribe('broken', ['user.deleted'], async () => {
      throw new Error('always');
    });
    const event = {
      ...createEvent('user.deleted', { userId: 'u1', email: 'a@cine.local' }),
      occurredAt: new Date(Date.now() - 3000).toISOString(),
    };
    await bus.publish(event);

    expect(await valueOf('cine_events_published_total', { event_type: 'user.deleted' })).toBe(1);
    expect(await valueOf('cine_events_consumed_total', { consumer: 'sales.orders', event_type: 'user.deleted' })).toBe(1);
    expect(await valueOf('cine_events_consumed_total', { consumer: 'broken' })).toBe(0);
    expect(await valueOf('cine_events_dead_lettered_total', { consumer: 'broken', event_type: 'user.deleted' })).toBe(1);
    const lag = { consumer: 'sales.orders', event_type: 'user.deleted' };
    // Recorded 3 s ago: in the 5 s bucket, not in the 2.5 s one.
    expect(await valueOf('cine_event_consumer_lag_seconds', { ...lag, le: '2.5' }, 'cine_event_consumer_lag_seconds_bucket')).toBe(0);
    expect(await valueOf('cine_event_consumer_lag_seconds', { ...lag, le: '5' }, 'cine_event_consumer_lag_seconds_bucket')).toBe(1);
  });

  describe('of the outbox relay (real database)', () => {
    let context: Awaited<ReturnType<typeof createTestContext>>;

    beforeAll(async () => {
      context = await createTestContext('identity');
    });
    afterAll(async () => {
      await context.dropDatabase();
    });

    it('observe each event’s relay lag and leave no backlog once published', async () => {
      const schema = new Schema<{ email: string } & WithOutbox>({ email: String });
      schema.plugin(outboxPlugin);
      const Account = context.db.model('MeteredAccount', schema);
      const collection = Account.collection.collectionName;
      await Account.create({ email: 'a@cine.local', outbox: [createEvent('user.deleted', { userId: '1', email: 'a@cine.local' })] });
      await Account.create({ email: 'b@cine.local', outbox: [createEvent('user.deleted', { userId: '2', email: 'b@cine.local' })] });

      const relay = startOutboxRelay({ models: [Account], bus: new InProcessEventBus(), intervalMs: 60_000 });
      await relay.flush();
      await relay.stop();

      expect(await valueOf('cine_outbox_relay_lag_seconds', { collection }, 'cine_outbox_relay_lag_seconds_count')).toBe(2);
      expect(await valueOf('cine_outbox_pending_events', { collection })).toBe(0);
    });
  });
});
