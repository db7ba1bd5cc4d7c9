import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderRefunded, TicketsIssued } from '@cine/contracts';
import { createEvent, type ServiceApp } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { buildNotificationApp, readOutbox, type MailSettings, type NewsletterSettings, type OutboxMail } from '../src';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface NotificationUnderTest {
  app: ServiceApp;
  context: TestContext;
  outboxDir: string;
  /** The mails written to `address` so far, oldest first. */
  mailsTo(address: string): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** The notification service on a fresh database, writing mail into a temporary outbox folder. */
export async function startNotification(
  options: { context?: TestContext; mail?: Partial<MailSettings>; newsletter?: Partial<NewsletterSettings> } = {},
): Promise<NotificationUnderTest> {
  const context = options.context ?? (await createTestContext('notification'));
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'cine-outbox-'));
  const app = await buildNotificationApp({
    ...context,
    mail: { smtpUrl: undefined, outboxDir, ...options.mail },
    ...(options.newsletter ? { newsletter: options.newsletter } : {}),
  });
  return {
    app,
    context,
    outboxDir,
    mailsTo: async (address) => (await readOutbox(outboxDir)).filter((mail) => mail.to === address),
    close: async () => {
      await app.close();
      await context.dropDatabase();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/** A mail's text (or HTML) with Intl's no-break spaces (between the currency and the amount) as plain ones. */
export const plainText = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

/** The show and payment of the orders the mails' tests make: «La Noche del Proyector», 2D, room 3, 24/11/2026 20:30. */
const ORDER_FACTS = {
  movieId: 'movie-1',
  title: 'La Noche del Proyector',
  showId: 'show-1',
  date: '2026-11-24',
  schedule: '20:30',
  roomId: 3,
  type: '2D',
  paidAt: '2026-11-23T15:00:00.000Z',
} as const;

/** A paid order's tickets: seats F7 and F8 at $ 10,00 each, no candy, $ 20,00 in all (unless `data` says otherwise). */
export function ticketsIssued(data: Partial<TicketsIssued['data']> = {}): TicketsIssued {
  return createEvent('tickets.issued', {
    orderId: 'order-1',
    userId: 'u-1',
    ...ORDER_FACTS,
    seats: 2,
    seatLabels: ['F7', 'F8'],
    ticketTotal: 2000,
    candy: [],
    total: 2000,
    startsAt: '2026-11-24T23:30:00.000Z',
    endsAt: '2026-11-25T01:10:00.000Z',
    tickets: [
      { ticketId: 'TK1', code: 'TK1', seatLabel: 'F7', token: 'token-1' },
      { ticketId: 'TK2', code: 'TK2', seatLabel: 'F8', token: 'token-2' },
    ],
    ...data,
  });
}

/** A refund asked for by the buyer of seat F8 of that order ($ 10,00, unless `data` says otherwise). */
export function orderRefunded(data: Partial<OrderRefunded['data']> = {}): OrderRefunded {
  return createEvent('order.refunded', {
    refundId: 'refund-1',
    orderId: 'order-1',
    userId: 'u-1',
    ...ORDER_FACTS,
    seatLabels: ['F8'],
    ticketAmount: 1000,
    candy: [],
    amount: 1000,
    reason: 'Pedido del cliente',
    by: 'buyer',
    refundedAt: '2026-11-23T16:00:00.000Z',
    ...data,
  });
}
