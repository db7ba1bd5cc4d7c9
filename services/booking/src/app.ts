// The kit registers these plugins; these imports bring their FastifyInstance and
// FastifyRequest additions (httpErrors, jwt, jwtVerify) into this program.
import type {} from '@fastify/jwt';
import type {} from '@fastify/sensible';
import { createServiceApp, resolveTicketSigningKey, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import type { OrderRecoveryOptions } from './orders/recovery';
import type { PaymentProvider } from './payments';
import type { HoldLimitSettings } from './shows/hold-limits';
import { checkoutPlugin } from './plugins/checkout';
import { clubPassPlugin, type ClubPassOptions } from './plugins/club-pass';
import { clubPlugin } from './plugins/club';
import type { ClubSettings } from './club/club-settings';
import { giftCardPurchasesPlugin, giftCardsPlugin } from './plugins/gift-cards';
import { jobsPlugin, type JobsOptions } from './plugins/jobs';
import { orderPagesPlugin } from './plugins/order-pages';
import { presaleGatePlugin } from './plugins/presale-gate';
import { presalesPlugin, type PresalesOptions } from './plugins/presales';
import { clubPresalePriority } from './presales/presales';
import { showsPlugin } from './plugins/shows';
import { ticketsPlugin } from './plugins/tickets';
import { bookingSettingsFromEnv } from './settings';
import candyLinesRoutes from './routes/candy-lines';
import cartRoutes from './routes/cart';
import cinemaRoutes from './routes/cinemas';
import checkinRoutes from './routes/checkin';
import checkoutRoutes from './routes/checkout';
import clubPassRoutes from './routes/club/pass';
import clubPlansRoutes from './routes/club/plans';
import clubRenewalsRoutes from './routes/club/renewals';
import clubRoutes from './routes/club';
import giftCardRoutes from './routes/gift-cards';
import myTicketsRoutes from './routes/my-tickets';
import ordersRoutes from './routes/orders';
import presaleRoutes from './routes/presales';
import pricingRoutes from './routes/pricing';
import promotionRoutes from './routes/promotions';
import showRoutes from './routes/show';
import ticketsRoutes from './routes/tickets';
import { TicketSigner } from './tickets/ticket-signer';

export interface BookingContext extends ServiceContext {
  /** What "now" is for shows and holds (tests move it: holds expire by time). */
  clock?: () => Date;
  /** Seed demo shows from the movie projection (default true; tests that place their own shows turn it off). */
  seedShows?: boolean;
  /** A fresh database gets the chain's three seeded cinemas, not only the first (default: seedShows). */
  seedCinemas?: boolean;
  /** Card payments (default: Stripe with STRIPE_SECRET_KEY, else the offline provider of Stripe's test cards). */
  paymentProvider?: PaymentProvider;
  /** Hold limits instead of the environment's (tests: every request comes from 127.0.0.1). */
  holdLimits?: Partial<HoldLimitSettings>;
  /** COMPANION_RELEASE_MINUTES instead of the environment's (tests). */
  companionReleaseMinutes?: number;
  /** Timing of the sweep that finishes orders a crash left in progress (tests shorten it). */
  orderRecovery?: OrderRecoveryOptions;
  /** The background jobs' scheduler and timing (tests shorten its polling, locks and intervals). */
  scheduler?: JobsOptions;
  /** The presales' line ticker and feeds (tests shorten their timing). */
  presales?: PresalesOptions;
  /** Issue 41: the Cine Pase's renewal timing and membership (tests shorten and wire them). */
  clubPass?: ClubPassOptions;
  /** Issue 41: Cine Club's settings instead of the environment's (tests: tiers, point value). */
  club?: Partial<ClubSettings>;
}

/** Booking: shows and their seats, the cart, checkout, tickets and the door, the back office's orders. */
export async function buildBookingApp(context: BookingContext): Promise<ServiceApp> {
  const settings = bookingSettingsFromEnv();
  const signingKey = resolveTicketSigningKey(context.config.dataDir);
  const signer = await TicketSigner.fromPem(signingKey.pem);
  const app = await createServiceApp(context);
  if (signingKey.source !== 'environment') {
    app.log.warn({ dataDir: context.config.dataDir }, 'TICKET_SIGNING_KEY is not set: tickets are signed with a key kept in DATA_DIR');
  }

  await app.register(showsPlugin, {
    db: context.db,
    bus: context.bus,
    seed: context.seedShows ?? true,
    ...(context.seedCinemas !== undefined ? { seedCinemas: context.seedCinemas } : {}),
    firstCinema: settings.firstCinema,
    ...(context.clock ? { clock: context.clock } : {}),
    holdMinutes: settings.holdMinutes,
    holdLimits: { ...settings.holdLimits, ...context.holdLimits },
    seatStreamsPerAddress: settings.seatStreamsPerAddress,
    companionReleaseMinutes: context.companionReleaseMinutes ?? settings.companionReleaseMinutes,
  });

  await app.register(cinemaRoutes, { prefix: '/cinemas' });
  await app.register(showRoutes, { prefix: '/show' });
  await app.register(pricingRoutes, { prefix: '/pricing' });
  await app.register(ticketsRoutes, { prefix: '/tickets' });
  await app.register(presalesPlugin, { db: context.db, defaultAdmitPerMinute: settings.presaleAdmitPerMinute, ...context.presales });
  // Issue 40: holds and checkouts of a presale's shows pass its gate (before the checkout, which asks it); it issues the admissions.
  await app.register(presaleGatePlugin, { db: context.db, dataDir: context.config.dataDir });
  await app.register(presaleRoutes, { prefix: '/presales' });

  const giftCardOptions = {
    db: context.db,
    bus: context.bus,
    settings: settings.giftCards,
    ...(context.orderRecovery ? { recovery: context.orderRecovery } : {}),
  };
  await app.register(giftCardsPlugin, giftCardOptions);
  const clubSettings = { ...settings.club, ...context.club };
  await app.register(clubPlugin, { db: context.db, bus: context.bus, settings: clubSettings });
  // Issue 41: at a presale's opening, Oro members who joined the club before it come first (unless a test gave its own).
  if (!context.presales?.priority) app.presales.store.usePriority(clubPresalePriority(app.club));
  await app.register(checkoutPlugin, {
    db: context.db,
    bus: context.bus,
    stripeSecretKey: settings.stripeSecretKey,
    cancellationWindowMinutes: settings.cancellationWindowMinutes,
    orderCodeFor: (orderId: string, attempt: number) => signer.orderCodeFor(orderId, attempt),
    ...(context.paymentProvider ? { paymentProvider: context.paymentProvider } : {}),
    ...(context.orderRecovery ? { recovery: context.orderRecovery } : {}),
  });
  await app.register(cartRoutes, { prefix: '/cart' });
  await app.register(promotionRoutes, { prefix: '/promotions' });
  await app.register(candyLinesRoutes, { prefix: '/candy' });
  // POST /movies/checkout is the spec's path (§7); the gateway sends /movies/checkout here, the rest of /movies to the catalog.
  await app.register(checkoutRoutes, { prefix: '/movies' });
  await app.register(giftCardPurchasesPlugin, giftCardOptions);
  await app.register(giftCardRoutes, { prefix: '/gift-cards' });

  await app.register(ticketsPlugin, { db: context.db, bus: context.bus, signer, doorWindow: settings.doorWindow });
  await app.register(jobsPlugin, {
    db: context.db,
    scheduler: { clubExpiryEveryMs: clubSettings.expiryEveryMs, ...context.scheduler },
  });
  // Issue 41: the Cine Pase (its renewal job on the scheduler, its charges on the checkout's provider).
  await app.register(clubPassPlugin, { db: context.db, bus: context.bus, seed: context.seedShows ?? true, ...context.clubPass });
  await app.register(clubPlansRoutes, { prefix: '/club/plans' });
  await app.register(clubPassRoutes, { prefix: '/club/pass' });
  await app.register(clubRenewalsRoutes, { prefix: '/club/renewals' });
  await app.register(orderPagesPlugin, { db: context.db, bus: context.bus });
  await app.register(ordersRoutes, { prefix: '/orders' });
  await app.register(myTicketsRoutes, { prefix: '/tickets' });
  await app.register(checkinRoutes, { prefix: '/checkin' });
  await app.register(clubRoutes, { prefix: '/club' });

  return app;
}
