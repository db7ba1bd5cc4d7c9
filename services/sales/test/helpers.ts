import type { OrderPaid, OrderRefunded, PaidCandyLine } from '@cine/contracts';
import { createEvent, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildSalesApp } from '../src';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface SalesUnderTest {
  app: ServiceApp;
  context: TestContext;
  /** Publishes order.paid for the order (a new event id each time); resolves once the ledger wrote it. */
  pay(order: OrderPaid['data']): Promise<OrderPaid>;
  close(): Promise<void>;
}

/** The sales service on a fresh database, its clock fixed at `now`. */
export async function startSales(now = new Date('2026-11-20T15:00:00Z')): Promise<SalesUnderTest> {
  const context = await createTestContext('sales');
  const app = await buildSalesApp({ ...context, clock: () => now });
  await app.ready();
  return {
    app,
    context,
    pay: async (order) => {
      const event = createEvent('order.paid', order);
      await context.bus.publish(event);
      return event;
    },
    close: async () => {
      await app.close();
      await context.dropDatabase();
    },
  };
}

export function adminHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
}

export function userHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'user' });
}

export const newId = () => new Types.ObjectId().toHexString();

export function candyLine(candyId: string, name: string, quantity: number, unitPrice: number): PaidCandyLine {
  return { candyId, name, quantity, unitPrice, totalPrice: quantity * unitPrice };
}

/** A paid order of `seats` tickets at 900 cents each; every field can be overridden. */
export function paidOrder(overrides: Partial<OrderPaid['data']> = {}): OrderPaid['data'] {
  const seats = overrides.seats ?? 2;
  const ticketTotal = overrides.ticketTotal ?? seats * 900;
  const candy = overrides.candy ?? [];
  return {
    orderId: newId(),
    userId: newId(),
    movieId: newId(),
    title: 'Relatos del Proyector',
    showId: newId(),
    date: '2026-11-21',
    schedule: '18:00',
    roomId: 1,
    type: '2D',
    seats,
    seatLabels: Array.from({ length: seats }, (_, i) => `F${i + 1}`),
    ticketTotal,
    candy,
    total: ticketTotal + candy.reduce((sum, line) => sum + line.totalPrice, 0),
    paidAt: '2026-11-20T14:00:00.000Z',
    ...overrides,
  };
}

/** order.refunded of the seats and candy lines given of a paid order. */
export function refundedOrder(
  order: OrderPaid['data'],
  { seatLabels = [], candy = [] }: { seatLabels?: string[]; candy?: PaidCandyLine[] },
): OrderRefunded {
  const unitPrice = order.ticketTotal / order.seats;
  const ticketAmount = seatLabels.length * unitPrice;
  return createEvent('order.refunded', {
    refundId: newId(),
    orderId: order.orderId,
    userId: order.userId,
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    schedule: order.schedule,
    roomId: order.roomId,
    ...(order.cinema ? { cinema: order.cinema } : {}),
    type: order.type,
    paidAt: order.paidAt,
    seatLabels,
    ticketAmount,
    candy,
    amount: ticketAmount + candy.reduce((sum, line) => sum + line.totalPrice, 0),
    reason: 'Pedido del cliente',
    by: 'admin',
    refundedAt: '2026-11-20T15:00:00.000Z',
  });
}
