import type { CineEvent } from '@cine/contracts';
import { Schema } from 'mongoose';
import { createTestContext } from '../testing';
import { createEvent, type EventBus } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { outboxPlugin, startOutboxRelay, type WithOutbox } from './outbox';
import { subscribeIdempotent } from './processed-events';

describe('outbox relay and idempotent consumers (real database)', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    context = await createTestContext('identity');
  });
  afterAll(async () => {
    await context.dropDatabase();
  });

  function accountModel(name: string) {
    const schema = new Schema<{ email: string } & WithOutbox>({ email: String });
    schema.plugin(outboxPlugin);
    return context.db.model(name, schema);
  }

  it('publishes events recorded with the state change, then removes them from the document', async () => {
    const Account = accountModel('AccountA');
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('test', ['user.registered'], async (event) => void seen.push(event.id));
    const first = createEvent('user.registered', { userId: '1', email: 'a@cine.local', username: 'a' });
    const second = createEvent('user.registered', { userId: '2', email: 'b@cine.local', username: 'b' });
    await Account.create({ email: 'a@cine.local', outbox: [first] });
    await Account.create({ email: 'b@cine.local', outbox: [second] });

    const relay = startOutboxRelay({ models: [Account], bus, intervalMs: 60_000 });
    await relay.flush();
    await relay.stop();

    expect(seen.sort()).toEqual([first.id, second.id].sort());
    expect(await Account.countDocuments({ 'outbox.0': { $exists: true } })).toBe(0);
  });

  it('a nudge with the written document id publishes that document only; the sweep finds the others', async () => {
    const Account = accountModel('AccountC');
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('test', ['user.registered'], async (event) => void seen.push(event.id));
    const relay = startOutboxRelay({ models: [Account], bus, intervalMs: 60_000 });
    await relay.flush();

    const nudgedEvent = createEvent('user.registered', { userId: '4', email: 'd@cine.local', username: 'd' });
    const leftEvent = createEvent('user.registered', { userId: '5', email: 'e@cine.local', username: 'e' });
    const nudged = await Account.create({ email: 'd@cine.local', outbox: [nudgedEvent] });
    await Account.create({ email: 'e@cine.local', outbox: [leftEvent] });
    relay.nudge(nudged._id);
    for (let waited = 0; !seen.includes(nudgedEvent.id) && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([nudgedEvent.id]);
    expect((await Account.findById(nudged._id).lean())?.outbox).toEqual([]);

    await relay.flush();
    await relay.stop();
    expect(seen).toEqual([nudgedEvent.id, leftEvent.id]);
  });

  it('a nudge with the events the write recorded publishes and pulls them without reading the document', async () => {
    const Account = accountModel('AccountE');
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe('test', ['user.registered'], async (event) => void seen.push(event.id));
    const unread = {
      find: Account.find.bind(Account),
      findById: () => {
        throw new Error('the nudged document was read');
      },
      collection: Account.collection,
    } as unknown as typeof Account;
    // No retry within the test: a failed pass (a read) would leave the event unpublished.
    const relay = startOutboxRelay({ models: [unread], bus, retryMs: 60_000, intervalMs: 60_000 });
    await relay.flush();

    const event = createEvent('user.registered', { userId: '7', email: 'g@cine.local', username: 'g' });
    const account = await Account.create({ email: 'g@cine.local', outbox: [event] });
    relay.nudge(account._id, [event]);
    for (let waited = 0; !seen.includes(event.id) && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.stop();
    expect(seen).toEqual([event.id]);
    expect((await Account.findById(account._id).lean())?.outbox).toEqual([]);
  });

  /** A broker that refuses every event until `broker.up` is set; the events it took in `broker.delivered`. */
  function switchableBroker() {
    const broker = { up: false, delivered: [] as CineEvent[] };
    const bus: EventBus = {
      publish: async (event) => {
        if (!broker.up) throw new Error('broker down');
        broker.delivered.push(event);
      },
      subscribe: async () => undefined,
      isConnected: () => broker.up,
      close: async () => undefined,
    };
    return { broker, bus };
  }

  it('keeps events while the broker is down and publishes them once it is back', async () => {
    const Account = accountModel('AccountB');
    const { broker, bus } = switchableBroker();
    const { delivered } = broker;
    const event = createEvent('user.registered', { userId: '3', email: 'c@cine.local', username: 'c' });
    await Account.create({ email: 'c@cine.local', outbox: [event] });

    const relay = startOutboxRelay({ models: [Account], bus, intervalMs: 60_000 });
    await relay.flush();
    expect(delivered).toEqual([]);
    expect((await Account.findOne().lean())?.outbox).toHaveLength(1);

    broker.up = true;
    await relay.flush();
    await relay.stop();
    expect(delivered.map((e) => e.id)).toEqual([event.id]);
    expect((await Account.findOne().lean())?.outbox).toHaveLength(0);
  });

  it('after a failed publish retries on its own every retryMs until the broker is back', async () => {
    const Account = accountModel('AccountD');
    const delivered: string[] = [];
    let attempts = 0;
    const bus: EventBus = {
      publish: async (event) => {
        attempts += 1;
        if (attempts <= 2) throw new Error('broker down');
        delivered.push(event.id);
      },
      subscribe: async () => undefined,
      isConnected: () => attempts > 2,
      close: async () => undefined,
    };
    const relay = startOutboxRelay({ models: [Account], bus, retryMs: 30, intervalMs: 60_000 });
    await relay.flush();
    const event = createEvent('user.registered', { userId: '6', email: 'f@cine.local', username: 'f' });
    const account = await Account.create({ email: 'f@cine.local', outbox: [event] });
    relay.nudge(account._id);
    for (let waited = 0; delivered.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.stop();
    expect(attempts).toBe(3);
    expect(delivered).toEqual([event.id]);
  });

  it('without scans: publishes only what is nudged, tells when each nudged document is settled, and retries a failed pass by id', async () => {
    const Account = accountModel('AccountF');
    const { broker, bus } = switchableBroker();
    const settledIds: string[] = [];
    const unnudged = createEvent('user.registered', { userId: '8', email: 'h@cine.local', username: 'h' });
    await Account.create({ email: 'h@cine.local', outbox: [unnudged] });
    const relay = startOutboxRelay({
      models: [Account],
      bus,
      retryMs: 30,
      intervalMs: 60_000,
      scan: false,
      settled: async (ids) => void settledIds.push(...ids.map(String)),
    });

    const handed = createEvent('user.registered', { userId: '9', email: 'i@cine.local', username: 'i' });
    const withEvents = await Account.create({ email: 'i@cine.local', outbox: [handed] });
    const empty = await Account.create({ email: 'j@cine.local', outbox: [] });
    relay.nudge(withEvents._id, [handed]);
    relay.nudge(empty._id);
    await relay.flush();
    expect(broker.delivered).toEqual([]);
    expect(settledIds).toEqual([]);

    broker.up = true;
    for (let waited = 0; settledIds.length < 2 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.flush();
    await relay.stop();
    expect(broker.delivered.map((event) => event.id)).toEqual([handed.id]);
    expect(settledIds.sort()).toEqual([withEvents._id.toHexString(), empty._id.toHexString()].sort());
    expect((await Account.findById(withEvents._id).lean())?.outbox).toEqual([]);
    // Never nudged, never looked for: its writer keeps track of it.
    expect((await Account.findOne({ email: 'h@cine.local' }).lean())?.outbox).toHaveLength(1);
  });

  it('runs a consumer once per event id even when the event is redelivered', async () => {
    const bus = new InProcessEventBus();
    let handled = 0;
    await subscribeIdempotent(bus, context.db, 'test.once', ['user.deleted'], async () => {
      handled += 1;
    });
    const event = createEvent('user.deleted', { userId: '9', email: 'z@cine.local' });
    await bus.publish(event);
    await bus.publish(event);
    await bus.publish(createEvent('user.deleted', { userId: '10', email: 'y@cine.local' }));
    expect(handled).toBe(2);
  });

  it('handles an event again when the first attempt failed', async () => {
    const bus = new InProcessEventBus();
    let calls = 0;
    await subscribeIdempotent(bus, context.db, 'test.retry', ['user.deleted'], async () => {
      calls += 1;
      if (calls === 1) throw new Error('mail server down');
    });
    await bus.publish(createEvent('user.deleted', { userId: '11', email: 'x@cine.local' }));
    expect(calls).toBe(2);
  });
});
