import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import type { CineEvent } from '@cine/contracts';
import { metricsRegistry } from '../telemetry/metrics';
import { createEvent } from './event-bus';
import { deadLetterQueueOf, EVENTS_EXCHANGE, RabbitMqEventBus, type QueueType } from './rabbitmq-bus';

const amqpUrl = process.env.AMQP_URL;
if (!amqpUrl) throw new Error('AMQP_URL must point at a RabbitMQ broker for these tests (see README, "Tests")');
const url: string = amqpUrl;

jest.setTimeout(60_000);

/** The dead letters counted for a consumer (cine_events_dead_lettered_total). */
async function deadLettersCounted(consumer: string): Promise<number> {
  const values = (await metricsRegistry.getSingleMetric('cine_events_dead_lettered_total')?.get())?.values ?? [];
  return values.filter((value) => value.labels.consumer === consumer).reduce((sum, value) => sum + value.value, 0);
}

const registered = () => createEvent('user.registered', { userId: randomUUID(), email: 'ana@cine.local', username: 'ana' });

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('RabbitMqEventBus (real broker)', () => {
  let admin: ChannelModel;
  const consumers: string[] = [];
  const buses: RabbitMqEventBus[] = [];
  const consumerName = (label: string) => {
    const name = `test.${label}.${randomUUID().slice(0, 8)}`;
    consumers.push(name);
    return name;
  };
  const openBus = async (busUrl = url, queueType?: QueueType) => {
    const bus = await RabbitMqEventBus.connect(busUrl, undefined, queueType);
    buses.push(bus);
    return bus;
  };
  const readDeadLetters = async (consumer: string): Promise<string[]> => {
    const channel = await admin.createChannel();
    const bodies: string[] = [];
    for (;;) {
      const message = await channel.get(deadLetterQueueOf(consumer), { noAck: true });
      if (!message) break;
      bodies.push(message.content.toString('utf8'));
    }
    await channel.close();
    return bodies;
  };

  /**
   * The tests' own connection for inspecting queues. A connection the broker
   * closes (it restarts in one test; once it closed one with 541
   * INTERNAL_ERROR as the run ended) emits 'error', which would crash jest
   * without a listener; the tests see a failure through their own calls.
   */
  const connectAdmin = async () => {
    const connection = await connect(url);
    connection.on('error', () => undefined);
    return connection;
  };

  beforeAll(async () => {
    admin = await connectAdmin();
  });

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const channel = await admin.createChannel();
    for (const consumer of consumers) {
      await channel.deleteQueue(consumer);
      await channel.deleteQueue(deadLetterQueueOf(consumer));
    }
    await admin.close();
  });

  it('publishes with confirms and delivers to each durable consumer queue', async () => {
    const bus = await openBus();
    const welcome = consumerName('welcome');
    const audit = consumerName('audit');
    const seenByWelcome: CineEvent[] = [];
    const seenByAudit: CineEvent[] = [];
    await bus.subscribe(welcome, ['user.registered'], async (event) => void seenByWelcome.push(event));
    await bus.subscribe(audit, ['user.registered'], async (event) => void seenByAudit.push(event));
    const event = registered();
    await bus.publish(event);
    await waitFor(() => (seenByWelcome.length && seenByAudit.length ? true : undefined));
    expect(seenByWelcome).toEqual([event]);
    expect(seenByAudit).toEqual([event]);
    expect(bus.isConnected()).toBe(true);
  });

  it('declares the dead-letter queue classic by default and as a quorum queue with AMQP_QUEUE_TYPE=quorum; the work queue is a quorum queue either way', async () => {
    const single = consumerName('single');
    const clustered = consumerName('clustered');
    await (await openBus(url)).subscribe(single, ['user.registered'], async () => undefined);
    await (await openBus(url, 'quorum')).subscribe(clustered, ['user.registered'], async () => undefined);
    const vhost = decodeURIComponent(new URL(url).pathname.slice(1)) || '/';
    const types = new Map(
      (
        JSON.parse(
          execFileSync('rabbitmqctl', ['list_queues', '-p', vhost, 'name', 'type', '--formatter', 'json'], { encoding: 'utf8' }),
        ) as Array<{ name: string; type: string }>
      ).map((queue) => [queue.name, queue.type]),
    );
    expect([single, deadLetterQueueOf(single), clustered, deadLetterQueueOf(clustered)].map((name) => types.get(name))).toEqual([
      'quorum',
      'classic',
      'quorum',
      'quorum',
    ]);
  });

  it("connects through the next node of AMQP_URL's list when the first refuses (a cluster's nodes)", async () => {
    const consumer = consumerName('failover');
    const bus = await openBus(`amqp://guest:guest@127.0.0.1:1,${url}`);
    const heard: CineEvent[] = [];
    await bus.subscribe(consumer, ['user.registered'], async (event) => void heard.push(event));
    const event = registered();
    await bus.publish(event);
    await waitFor(() => (heard.length > 0 ? true : undefined));
    expect(heard).toEqual([event]);
  });

  it('delivers an everyInstance subscription to every running instance (a fan-out), not to one of them', async () => {
    const consumer = consumerName('fanout');
    const [first, second, publisher] = await Promise.all([openBus(), openBus(), openBus()]);
    const heard: Array<{ instance: string; id: string }> = [];
    for (const [instance, bus] of [
      ['first', first],
      ['second', second],
    ] as const)
      await bus.subscribe(consumer, ['show.seats-changed'], async (event) => void heard.push({ instance, id: event.id }), {
        everyInstance: true,
      });
    const changes = Array.from({ length: 3 }, (_, version) => createEvent('show.seats-changed', { showId: 's1', version, seats: [] }));
    for (const event of changes) await publisher.publish(event);
    await waitFor(() => (heard.length === 6 ? true : undefined));
    for (const instance of ['first', 'second'])
      expect(heard.filter((entry) => entry.instance === instance).map((entry) => entry.id)).toEqual(changes.map((event) => event.id));
    // Nothing durable is left behind for it: no queue of that name, no dead-letter queue.
    const channel = await admin.createChannel();
    channel.on('error', () => undefined);
    await expect(channel.checkQueue(consumer)).rejects.toThrow(/NOT_FOUND/);
  });

  it('keeps events for a consumer that is not running (durable queue, persistent message)', async () => {
    const consumer = consumerName('offline');
    const first = await openBus();
    await first.subscribe(consumer, ['user.deleted'], async () => undefined);
    await first.close();

    const producer = await openBus();
    const event = createEvent('user.deleted', { userId: 'u1', email: 'u1@cine.local' });
    await producer.publish(event);

    const seen: CineEvent[] = [];
    const second = await openBus();
    await second.subscribe(consumer, ['user.deleted'], async (received) => void seen.push(received));
    await waitFor(() => (seen.length ? true : undefined));
    expect(seen[0]?.id).toBe(event.id);
  });

  it('redelivers an unacknowledged event after the consumer crashes', async () => {
    const consumer = consumerName('crash');
    const crashing = await openBus();
    let started = false;
    await crashing.subscribe(consumer, ['user.registered'], async () => {
      started = true;
      await new Promise(() => undefined); // the process "dies" before acking
    });
    const event = registered();
    await crashing.publish(event);
    await waitFor(() => (started ? true : undefined));
    await crashing.close();

    const seen: string[] = [];
    const recovered = await openBus();
    await recovered.subscribe(consumer, ['user.registered'], async (received) => void seen.push(received.id));
    await waitFor(() => (seen.length ? true : undefined));
    expect(seen).toEqual([event.id]);
  });

  it('dead-letters an event whose handler keeps failing instead of retrying forever', async () => {
    const consumer = consumerName('failing');
    const bus = await openBus();
    let attempts = 0;
    await bus.subscribe(consumer, ['user.registered'], async () => {
      attempts += 1;
      throw new Error('handler bug');
    });
    const event = registered();
    await bus.publish(event);
    const dead = await waitFor(async () => {
      const bodies = await readDeadLetters(consumer);
      return bodies.length ? bodies : undefined;
    });
    expect(JSON.parse(dead[0] as string).id).toBe(event.id);
    expect(attempts).toBe(5);
    expect(await deadLettersCounted(consumer)).toBe(1);
  });

  it('dead-letters a poison message that is not an event', async () => {
    const consumer = consumerName('poison');
    const bus = await openBus();
    const handled: unknown[] = [];
    await bus.subscribe(consumer, ['user.registered'], async (event) => void handled.push(event));
    const channel = await admin.createConfirmChannel();
    channel.publish(EVENTS_EXCHANGE, 'user.registered', Buffer.from('not json{'), { persistent: true });
    await channel.waitForConfirms();
    await channel.close();
    const dead = await waitFor(async () => {
      const bodies = await readDeadLetters(consumer);
      return bodies.length ? bodies : undefined;
    });
    expect(dead).toEqual(['not json{']);
    expect(handled).toEqual([]);
    expect(await deadLettersCounted(consumer)).toBe(1);
  });

  it('reconnects after the broker restarts and keeps consuming; publishing fails fast while it is down', async () => {
    const consumer = consumerName('restart');
    const bus = await openBus();
    const seen: string[] = [];
    await bus.subscribe(consumer, ['user.registered'], async (event) => void seen.push(event.id));

    await admin.close().catch(() => undefined);
    execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore' });
    try {
      await waitFor(() => (bus.isConnected() ? undefined : true));
      await expect(bus.publish(registered())).rejects.toThrow('RabbitMQ is not connected');
    } finally {
      execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore' });
    }
    admin = await connectAdmin();

    await waitFor(() => (bus.isConnected() ? true : undefined), 45_000);
    const event = registered();
    await bus.publish(event);
    await waitFor(() => (seen.includes(event.id) ? true : undefined));
    expect(seen).toContain(event.id);
  });
});
