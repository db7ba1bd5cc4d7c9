import { startOutboxRelay, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { giftCardModel } from '../gift-cards/gift-card-model';
import { GiftCards } from '../gift-cards/gift-cards';
import { GiftCardLedger } from '../gift-cards/ledger';
import { GiftCardPurchases, giftCardOrderModel } from '../gift-cards/purchase';
import type { GiftCardEnvSettings } from '../settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 39: the gift cards and their ledger (the checkout spends them, refunds credit them). */
    giftCards: GiftCards;
    /** POST /gift-cards: cards bought by bank card (registered after the checkout, whose payment provider it uses). */
    giftCardPurchases: GiftCardPurchases;
    /** Publishes gift-card.issued and gift-card.voided from the cards' and the purchases' outboxes. */
    giftCardsOutbox: OutboxRelay;
  }
}

export interface GiftCardsPluginOptions {
  db: Connection;
  bus: EventBus;
  settings: GiftCardEnvSettings;
  /** How often the sweep looks for purchases a crash left in progress, and how old they must be (the orders' recovery timing). */
  recovery?: { staleAfterMs?: number; intervalMs?: number };
}

/** The gift cards (before the checkout plugin, which spends them). */
export const giftCardsPlugin = fp<GiftCardsPluginOptions>(
  async (app, { db, bus, settings }) => {
    const cards = await giftCardModel(db);
    const orders = await giftCardOrderModel(db);
    // Small collections: the relay looks through them (at start and on its timer) besides the nudges.
    const relay = startOutboxRelay({ models: [cards, orders], bus, logger: app.log });
    const giftCards = new GiftCards(cards, await GiftCardLedger.open(db), relay, {
      currency: settings.money.currency,
      validMonths: settings.validMonths,
    });
    app.decorate('giftCards', giftCards);
    app.decorate('giftCardsOutbox', relay);
    app.addHook('onClose', async () => relay.stop());
  },
  { name: 'gift-cards' },
);

/** The purchases of gift cards and their recovery sweep (after the checkout plugin: its payment provider). */
export const giftCardPurchasesPlugin = fp<GiftCardsPluginOptions>(
  async (app, { db, settings, recovery = {} }) => {
    const { staleAfterMs = 60_000, intervalMs = 30_000 } = recovery;
    const purchases = new GiftCardPurchases(
      await giftCardOrderModel(db),
      app.giftCards,
      app.paymentProvider,
      app.giftCardsOutbox,
      { minCents: settings.minCents, maxCents: settings.maxCents, money: settings.money },
      app.clock,
      app.log,
    );
    app.decorate('giftCardPurchases', purchases);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<number> | undefined;
    const sweep = () => {
      running ??= purchases.recover(staleAfterMs).finally(() => {
        running = undefined;
      });
      return running;
    };
    app.addHook('onReady', async () => {
      void sweep().catch(() => undefined);
      timer = setInterval(() => void sweep().catch(() => undefined), intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'gift-card-purchases', dependencies: ['gift-cards', 'checkout'] },
);
