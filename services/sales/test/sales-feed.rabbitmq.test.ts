import { localDateTime } from '@cine/contracts';
import { execFileSync } from 'node:child_process';
import { connect } from 'amqplib';
import type { SalesSummaryRow, SaleDetailRow } from '@cine/contracts';
import { buildBookingApp } from '@cine/booking-service';
import { createEvent, RabbitMqEventBus, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildSalesApp } from '../src';

const amqpUrl = process.env.AMQP_URL;
if (!amqpUrl) throw new Error('AMQP_URL must point at a RabbitMQ broker for these tests (see README, "Tests")');
const url: string = amqpUrl;

jest.setTimeout(120_000);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface RunningService {
  app: ServiceApp;
  bus: RabbitMqEventBus;
  close(): Promise<void>;
}

/** A service as its own container runs it: its own database and its own broker connection. */
async function start(name: 'booking' | 'sales'): Promise<RunningService> {
  const context = await createTestContext(name);
  const bus = await RabbitMqEventBus.connect(url);
  const app = name === 'booking' ? await buildBookingApp({ ...context, bus, seedShows: false }) : await buildSalesApp({ ...context, bus });
  await app.ready();
  return {
    app,
    bus,
    close: async () => {
      await app.close();
      await bus.close();
      await context.dropDatabase();
    },
  };
}

describe('sales fed by booking over RabbitMQ', () => {
  let booking: RunningService;
  let sales: RunningService;
  let showId: string;
  const movieId = new Types.ObjectId().toHexString();
  const paidOrders: string[] = [];

  beforeAll(async () => {
    // Events another run left in the consumer's durable queue (a benchmark, a failed test) would be counted first.
    const broker = await connect(url);
    // Without a listener an 'error' the broker sends while closing it would crash jest.
    broker.on('error', () => undefined);
    await (await broker.createChannel()).deleteQueue('sales.orders');
    await broker.close();
    booking = await start('booking');
    sales = await start('sales');
    await booking.bus.publish(
      createEvent('movie.created', { movieId, title: 'Cartelera en Vivo', runtime: 100, type: '2D', release: '2020-01-01' }),
    );
    const tomorrow = localDateTime(new Date(Date.now() + 86_400_000)).date;
    const admin = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
    // Booking creates the show once its movie projection has the movie (delivered through the broker).
    const show = await waitFor(async () => {
      const response = await booking.app.inject({
        method: 'POST',
        url: '/show',
        headers: admin,
        payload: { data: { schedule: '20:00', movieId, roomId: 1, day: tomorrow, type: '2D', price: 900 } },
      });
      return response.statusCode === 201 ? response.json<{ id: string }>() : undefined;
    }, 20_000);
    showId = show.id;
  });

  afterAll(async () => {
    await booking?.close();
    await sales?.close();
  });

  /** Holds `seats` seats for a new user and pays them with the offline test card; the order id. */
  async function purchase(seats: number): Promise<string> {
    const userId = new Types.ObjectId().toHexString();
    const headers = bearer(booking.app, { sub: userId, role: 'user' });
    const held = await booking.app.inject({ method: 'POST', url: '/tickets/addTickets', headers, payload: { userId, seats, showId } });
    expect(held.statusCode).toBe(200);
    const paid = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers,
      payload: { ticket: seats, show: showId, idUser: userId, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    const orderId = paid.json<{ order: { id: string } }>().order.id;
    paidOrders.push(orderId);
    return orderId;
  }

  const admin = () => bearer(sales.app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
  const summary = async () =>
    (await sales.app.inject({ method: 'GET', url: '/tickets/all', headers: admin() }))
      .json<SalesSummaryRow[]>()
      .filter((row) => row.movieId === movieId);
  const detail = async () =>
    (await sales.app.inject({ method: 'GET', url: `/tickets/all/detail?movieId=${movieId}`, headers: admin() })).json<SaleDetailRow[]>();

  it('shows a purchase made through booking in /tickets/all within 1 s', async () => {
    const orderId = await purchase(2);
    const paidAt = Date.now();
    await waitFor(async () => ((await detail()).some((row) => row.orderId === orderId) ? true : undefined), 1_000);
    const lagMs = Date.now() - paidAt;
    expect(lagMs).toBeLessThan(1_000);
    expect(await summary()).toEqual([expect.objectContaining({ seats: 2, totalPrice: 1800 })]);
  });

  it('with the broker stopped purchases still succeed; after it restarts every one is in the reports, none counted twice', async () => {
    execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore' });
    try {
      await waitFor(async () => (booking.bus.isConnected() ? undefined : true), 20_000);
      await purchase(1);
      await purchase(3);
      await purchase(2);
    } finally {
      execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore' });
    }
    // Booking's outbox keeps the three order.paid until the broker confirms them.
    const rows = await waitFor(async () => {
      const sold = await detail();
      return sold.length === paidOrders.length ? sold : undefined;
    }, 90_000);
    expect(rows.map((row) => row.orderId).sort()).toEqual([...paidOrders].sort());
    expect(await summary()).toEqual([expect.objectContaining({ seats: 2 + 1 + 3 + 2, totalPrice: 8 * 900, netPrice: 8 * 540 })]);

    // Redeliveries and the relay's later passes change nothing.
    await booking.app.ordersOutbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await detail()).length).toBe(paidOrders.length);
    expect((await summary())[0]?.seats).toBe(8);
  });
});
