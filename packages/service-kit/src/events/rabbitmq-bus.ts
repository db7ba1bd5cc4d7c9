import {
  connect,
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Options,
  type RecoveringChannelModel,
} from 'amqplib';
import type { CineEvent, CineEventType } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { eventHandled, eventsDeadLettered, eventsPublished } from '../telemetry/pipeline-metrics';
import { MAX_DELIVERY_ATTEMPTS, type EventBus, type EventHandler, type SubscribeOptions } from './event-bus';

export const EVENTS_EXCHANGE = 'cine.events';
export const DEAD_LETTER_EXCHANGE = 'cine.events.dead';

interface Subscription {
  consumer: string;
  types: readonly string[];
  handler: (event: CineEvent) => Promise<void>;
  prefetch: number;
  everyInstance: boolean;
}

const DEFAULT_PREFETCH = 10;

/**
 * `quorum` (AMQP_QUEUE_TYPE=quorum, a cluster): the dead-letter queues are quorum queues too, so
 * nothing a consumer has not settled lives on one node only. Unset (a single broker): the
 * dead-letter queues are classic. Work queues are quorum queues either way: the delivery limit
 * (retried, then dead-lettered) exists only there.
 */
export type QueueType = 'classic' | 'quorum';

export function queueTypeFromEnv(value = process.env.AMQP_QUEUE_TYPE): QueueType {
  if (value === undefined || value === '' || value === 'classic') return 'classic';
  if (value === 'quorum') return 'quorum';
  throw new Error(`AMQP_QUEUE_TYPE must be 'classic' or 'quorum', not '${value}'`);
}

/**
 * The broker's nodes from AMQP_URL: one URL, or several separated by commas (the nodes of a
 * cluster). amqplib opens one URL; the bus hands it the next node each time its recovery schedules
 * a reconnection, so a stopped node costs one failed attempt.
 */
export function brokerNodes(url: string): Options.Connect[] {
  return url.split(',').map((text) => {
    const node = new URL(text.trim());
    const vhost = decodeURIComponent(node.pathname.replace(/^\//, ''));
    const heartbeat = node.searchParams.get('heartbeat');
    return {
      protocol: node.protocol.replace(/:$/, ''),
      hostname: node.hostname,
      port: node.port ? Number(node.port) : node.protocol === 'amqps:' ? 5671 : 5672,
      username: decodeURIComponent(node.username) || 'guest',
      password: decodeURIComponent(node.password) || 'guest',
      vhost: vhost === '' ? '/' : vhost,
      ...(heartbeat ? { heartbeat: Number(heartbeat) } : {}),
    };
  });
}

export function deadLetterQueueOf(consumer: string): string {
  return `${consumer}.dead`;
}

/**
 * Events over RabbitMQ: a topic exchange keyed by event type, a durable
 * quorum queue per consumer (delivery limit, then its dead-letter queue, classic or quorum by
 * AMQP_QUEUE_TYPE), one broker or a cluster's nodes in turn (`brokerNodes`),
 * persistent messages, publisher confirms, manual acks, and reconnection
 * with backoff (amqplib's recovery re-creates topology and consumers).
 */
export class RabbitMqEventBus implements EventBus {
  private publishChannel: ConfirmChannel | undefined;
  private readonly subscriptions: Subscription[] = [];
  private readonly consumerChannels = new Map<string, Channel>();
  /** Subscriptions consuming on the current connection. */
  private readonly consuming = new Set<Subscription>();
  private connected = false;
  private connectedWaiters: Array<() => void> = [];

  private constructor(
    private readonly connection: RecoveringChannelModel,
    private readonly logger: FastifyBaseLogger | undefined,
    private readonly queueType: QueueType,
  ) {}

  static async connect(url: string, logger?: FastifyBaseLogger, queueType = queueTypeFromEnv()): Promise<RabbitMqEventBus> {
    let bus: RabbitMqEventBus | undefined;
    const nodes = brokerNodes(url);
    // amqplib reads the target's fields at each attempt: moving them moves the next attempt.
    const target: Options.Connect = { ...nodes[0] };
    let current = 0;
    const connection = await connect(target, {
      recovery: {
        initialDelay: 250,
        maxDelay: 10_000,
        maxRetries: Infinity,
        initialMaxRetries: 20,
        waitForConnect: false,
        setup: async (model: ChannelModel) => {
          // amqplib's recovery listens for a connection's errors only after this setup: a broker
          // still starting closes it with 541 INTERNAL_ERROR meanwhile, and an unheard 'error'
          // event would end the process. The recovery then connects again.
          model.on('error', (err: Error) => logger?.warn({ err: err.message }, 'rabbitmq connection error while setting up'));
          await bus?.onConnected(model);
        },
      },
    });
    bus = new RabbitMqEventBus(connection, logger, queueType);
    connection.on('reconnect-scheduled', () => {
      current = (current + 1) % nodes.length;
      Object.assign(target, nodes[current]);
    });
    connection.on('disconnect', (err: Error) => bus?.onDisconnected(err));
    connection.on('error', (err: Error) => logger?.warn({ err: err.message }, 'rabbitmq connection error'));
    await connection.waitForConnect();
    return bus;
  }

  async publish(event: CineEvent): Promise<void> {
    const channel = this.publishChannel;
    if (!channel || !this.connected) throw new Error('RabbitMQ is not connected; the event stays in the outbox');
    const body = Buffer.from(JSON.stringify(event));
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        EVENTS_EXCHANGE,
        event.type,
        body,
        { persistent: true, messageId: event.id, type: event.type, contentType: 'application/json', timestamp: Date.now() },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
    eventsPublished.inc({ event_type: event.type });
  }

  async subscribe<T extends CineEventType>(
    consumer: string,
    types: readonly T[],
    handler: EventHandler<T>,
    options: SubscribeOptions = {},
  ): Promise<void> {
    const subscription: Subscription = {
      consumer,
      types,
      handler: handler as (event: CineEvent) => Promise<void>,
      prefetch: options.prefetch ?? DEFAULT_PREFETCH,
      everyInstance: options.everyInstance ?? false,
    };
    this.subscriptions.push(subscription);
    // Resolve only once the queue exists and is consumed: an event published
    // right after subscribe() returns must reach this consumer.
    await this.untilConnected();
    await this.startConsumer(this.connection, subscription);
  }

  private untilConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  isConnected(): boolean {
    return this.connected;
  }

  async close(): Promise<void> {
    this.connected = false;
    await this.connection.close().catch(() => undefined);
  }

  private async onConnected(model: ChannelModel): Promise<void> {
    const channel = await model.createConfirmChannel();
    this.logChannelErrors(channel, 'publish');
    await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
    await channel.assertExchange(DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    this.publishChannel = channel;
    this.consumerChannels.clear();
    this.consuming.clear();
    for (const subscription of this.subscriptions) await this.startConsumer(model, subscription);
    this.connected = true;
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
    this.logger?.info('rabbitmq connected');
  }

  private onDisconnected(err: Error): void {
    this.connected = false;
    this.publishChannel = undefined;
    this.logger?.warn({ err: err?.message }, 'rabbitmq disconnected; reconnecting');
  }

  private async startConsumer(model: Pick<ChannelModel, 'createChannel'>, subscription: Subscription): Promise<void> {
    if (this.consuming.has(subscription)) return;
    this.consuming.add(subscription);
    const { consumer } = subscription;
    let channel = this.consumerChannels.get(consumer);
    if (!channel) {
      channel = await model.createChannel();
      this.logChannelErrors(channel, consumer);
    }
    this.consumerChannels.set(consumer, channel);
    if (subscription.everyInstance) {
      await this.startInstanceConsumer(channel, subscription);
      return;
    }
    await channel.assertQueue(deadLetterQueueOf(consumer), {
      durable: true,
      ...(this.queueType === 'quorum' ? { arguments: { 'x-queue-type': 'quorum' } } : {}),
    });
    await channel.bindQueue(deadLetterQueueOf(consumer), DEAD_LETTER_EXCHANGE, consumer);
    await channel.assertQueue(consumer, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        'x-delivery-limit': MAX_DELIVERY_ATTEMPTS - 1,
        'x-dead-letter-exchange': DEAD_LETTER_EXCHANGE,
        'x-dead-letter-routing-key': consumer,
      },
    });
    for (const type of subscription.types) await channel.bindQueue(consumer, EVENTS_EXCHANGE, type);
    await channel.prefetch(subscription.prefetch);
    await channel.consume(consumer, (message) => {
      if (message) void this.handle(channel, subscription, message);
    });
  }

  /**
   * A fan-out to every instance: a queue of this connection's own (server-named, exclusive, deleted
   * with the connection, classic: nothing to replicate), bound to the event types. Messages are
   * taken without acks; a reconnection makes a new queue (what was published meanwhile is lost:
   * such consumers detect gaps themselves).
   */
  private async startInstanceConsumer(channel: Channel, subscription: Subscription): Promise<void> {
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    for (const type of subscription.types) await channel.bindQueue(queue, EVENTS_EXCHANGE, type);
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        let event: CineEvent;
        try {
          event = JSON.parse(message.content.toString('utf8')) as CineEvent;
        } catch (error) {
          this.logger?.warn(
            { consumer: subscription.consumer, err: (error as Error).message },
            'fan-out message that is not an event ignored',
          );
          return;
        }
        subscription.handler(event).then(
          () => eventHandled(subscription.consumer, event),
          (error: unknown) => {
            this.logger?.warn(
              { consumer: subscription.consumer, eventId: event.id, err: (error as Error).message },
              'fan-out event handler failed',
            );
          },
        );
      },
      { noAck: true },
    );
  }

  private async handle(channel: Channel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    let event: CineEvent;
    try {
      event = JSON.parse(message.content.toString('utf8')) as CineEvent;
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new Error('not an integration event');
    } catch (error) {
      this.logger?.error({ consumer: subscription.consumer, err: (error as Error).message }, 'poison message dead-lettered');
      eventsDeadLettered.inc({ consumer: subscription.consumer, event_type: message.properties.type ?? 'unknown' });
      this.settle(() => channel.nack(message, false, false));
      return;
    }
    try {
      await subscription.handler(event);
      eventHandled(subscription.consumer, event);
      this.settle(() => channel.ack(message));
    } catch (error) {
      this.logger?.warn(
        { consumer: subscription.consumer, eventId: event.id, type: event.type, err: (error as Error).message },
        'event handler failed; message requeued',
      );
      // The quorum queue counts deliveries: past its limit this requeue is a dead-lettering.
      if (Number(message.properties.headers?.['x-delivery-count'] ?? 0) >= MAX_DELIVERY_ATTEMPTS - 1)
        eventsDeadLettered.inc({ consumer: subscription.consumer, event_type: event.type });
      this.settle(() => channel.nack(message, false, true));
    }
  }

  /**
   * A channel the broker closes (its queue deleted, a broker restart) emits 'error'; unheard, the
   * event would crash the service. The connection's recovery re-creates the channels it needs.
   */
  private logChannelErrors(channel: Channel, purpose: string): void {
    channel.on('error', (err: Error) => this.logger?.warn({ channel: purpose, err: err.message }, 'rabbitmq channel closed by the broker'));
  }

  /** Acks on a channel closed by a broker restart throw; the broker redelivers those messages anyway. */
  private settle(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.logger?.debug({ err: (error as Error).message }, 'ack on a closed channel ignored');
    }
  }
}
