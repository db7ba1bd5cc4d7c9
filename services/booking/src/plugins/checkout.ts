import { startOutboxRelay, subscribeTo, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import { Types, type Connection } from 'mongoose';
import { CandyProjection } from '../candy/candy-projection';
import { Cart } from '../cart/cart';
import { CartRepository } from '../cart/cart-repository';
import { Checkout } from '../orders/checkout';
import { orderModel } from '../orders/order-model';
import { OrdersRepository } from '../orders/orders-repository';
import { PaidOrdersReplay } from '../orders/paid-orders-replay';
import { OrderRecovery, type OrderRecoveryOptions } from '../orders/recovery';
import { OrderEffects, type PassTickets, type RefundTickets } from '../orders/order-effects';
import { OrderViews } from '../orders/order-views';
import { Refunds } from '../orders/refunds';
import { paymentProviderFor, type PaymentProvider } from '../payments';
import { Promotions } from '../promotions/promotions';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    cart: Cart;
    /** Promo codes (issue 39): the admin's promotions and each order's use of its code. */
    promotions: Promotions;
    checkout: Checkout;
    refunds: Refunds;
    /** The order as the API shows it (with its code and what a refund can still give back). */
    orderViews: OrderViews;
    candyProjection: CandyProjection;
    /** Publishes order.paid and order.refunded from the orders' outbox; tests flush it to wait for the events. */
    ordersOutbox: OutboxRelay;
    /** The orders' reads and writes (the tickets plugin records tickets.issued with them). */
    ordersRepository: OrdersRepository;
    orderRecovery: OrderRecovery;
    paidOrdersReplay: PaidOrdersReplay;
    /** The card payments' provider (the gift cards' purchases charge with it too). */
    paymentProvider: PaymentProvider;
  }
}

export interface CheckoutPluginOptions {
  db: Connection;
  bus: EventBus;
  /** Default: Stripe with `stripeSecretKey`, else the offline provider. */
  paymentProvider?: PaymentProvider;
  stripeSecretKey: string | undefined;
  /** Buyers cancel up to this long before the show. */
  cancellationWindowMinutes: number;
  /** An order's candidate short codes (TicketSigner.orderCodeFor: unguessable from the order id). */
  orderCodeFor: (orderId: string, attempt: number) => string;
  recovery?: OrderRecoveryOptions;
}

/** Cart, candy projection, checkout and refunds (orders, payments, recovery); needs the shows plugin's seatInventory and clock. */
export const checkoutPlugin = fp<CheckoutPluginOptions>(
  async (app, { db, bus, paymentProvider, stripeSecretKey, cancellationWindowMinutes, orderCodeFor, recovery: recoveryOptions }) => {
    const { clock } = app;
    const candy = new CandyProjection(db);
    await subscribeTo(bus, db, subscriptions.candy, (event) => candy.handle(event));

    const orders = await orderModel(db);
    const repository = new OrdersRepository(orders, orderCodeFor);
    // Orders grow without end: the relay never looks through them. A paid order keeps its
    // in-progress mark until its order.paid is published, and the recovery sweep nudges the relay again.
    const relay = startOutboxRelay({
      models: [orders],
      bus,
      logger: app.log,
      scan: false,
      settled: (ids) => repository.ended(...ids.map((id) => new Types.ObjectId(String(id)))),
    });

    const carts = new CartRepository(db);
    const seats = app.seatInventory;
    const promotions = new Promotions(db, clock);
    await promotions.init();
    // Issue 41: candy priced with the buyer's Cine Club tier's discount (Oro).
    const cart = new Cart(
      seats,
      candy,
      carts,
      clock,
      promotions,
      async (userId) => (await app.club.tierOfUser(userId, clock())).candyDiscountPercent,
    );
    const payments = paymentProvider ?? paymentProviderFor(stripeSecretKey, db);
    // The tickets plugin comes after this one (it needs the orders): reached when a refund runs.
    const tickets: RefundTickets = {
      admittedSeats: (orderId, seatLabels) => app.tickets.admittedSeats(orderId, seatLabels),
      invalidate: (orderId, seatLabels) => app.tickets.invalidate(orderId, seatLabels),
      restore: (orderId, seatLabels) => app.tickets.restore(orderId, seatLabels),
    };
    const views = new OrderViews(repository, tickets.admittedSeats, cancellationWindowMinutes, app.cinemas);
    // Issue 41: the Cine Pase plugin comes after this one (it charges with this provider): reached when a checkout uses a pass.
    const passes: PassTickets = {
      coverFor: (userId, show, now) => app.clubPasses.coverFor(userId, show, now),
      claim: (pass, orderId) => app.clubPasses.claim(pass, orderId),
      release: (pass, orderId, refunded, now) => app.clubPasses.release(pass, orderId, refunded, now),
    };
    const effects = new OrderEffects({
      seats,
      candy,
      cart,
      carts,
      payments,
      tickets,
      views,
      promotions,
      giftCards: app.giftCards,
      club: app.club,
      passes,
      clock,
    });
    const parts = { effects, orders: repository, relay, clock, log: app.log };
    const refunds = new Refunds(parts);
    const checkout = new Checkout(parts, app.presaleGate);
    const recovery = new OrderRecovery(checkout, refunds, repository, relay, clock, app.log, recoveryOptions);

    app.decorate('candyProjection', candy);
    app.decorate('cart', cart);
    app.decorate('promotions', promotions);
    app.decorate('checkout', checkout);
    app.decorate('refunds', refunds);
    app.decorate('orderViews', views);
    app.decorate('ordersOutbox', relay);
    app.decorate('ordersRepository', repository);
    app.decorate('orderRecovery', recovery);
    app.decorate('paidOrdersReplay', new PaidOrdersReplay(repository, bus));
    app.decorate('paymentProvider', payments);
    app.log.info({ provider: payments.name }, 'card payments');

    app.addHook('onReady', async () => recovery.start());
    // Recovery first: its last pass may still record events for the relay.
    app.addHook('onClose', async () => {
      await recovery.stop();
      await relay.stop();
    });
  },
  { name: 'checkout', dependencies: ['shows', 'gift-cards', 'club', 'presale-gate'] },
);
