import fp from 'fastify-plugin';
import type { Connection, Model } from 'mongoose';
import { LineTicker, type LineTickerOptions } from '../presales/line-ticker';
import { PresaleFeeds, type PresaleFeedSettings } from '../presales/presale-feed';
import { presaleModels, type PresaleDocument, type PresalePlaceDocument } from '../presales/presale-model';
import { Presales, type PresalePriority, type PresaleShowsSource } from '../presales/presales';
import { freeSeatsAt } from '../shows/show-listing';
import { showModel, type ShowDocument } from '../shows/show-model';

/** What GET /presales/{id}/me adds for an admitted buyer whose session runs: the gate's signed admission. */
interface PresaleAdmissionGrant {
  /** The signed admission (contracts' PresaleAdmission). */
  admission: string;
  /** ISO instant. */
  admissionExpiresAt: string;
}

/**
 * The admission of a place whose session runs (GET /presales/{id}/me): filled in by the gate (presales/admission.ts);
 * until then none is given.
 */
type AdmissionFor = (place: PresalePlaceDocument, presale: PresaleDocument) => Promise<PresaleAdmissionGrant | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 40: the presales' lines, their ticker and feeds, and the hook of the admissions. */
    presales: {
      store: Presales;
      ticker: LineTicker;
      feeds: PresaleFeeds;
      /** The gate replaces it (`app.presales.admissionFor = …`). */
      admissionFor: AdmissionFor;
    };
  }
}

export interface PresalesOptions {
  /** The ticker's timing (tests shorten it; `tickMs: 0` does not start it: the test ticks by hand). */
  ticker?: LineTickerOptions;
  /** The feed's polling of the presale documents (tests shorten it). */
  feed?: PresaleFeedSettings;
  /** How long after opensAt the lottery is drawn (presales.ts). */
  openingSettleMs?: number;
  /** Issue 41: who comes first at an opening (the club's Oro members; `app.presales.store.usePriority` sets it later). */
  priority?: PresalePriority;
}

export interface PresalesPluginOptions extends PresalesOptions {
  db: Connection;
  /** PRESALE_ADMIT_PER_MINUTE. */
  defaultAdmitPerMinute: number;
}

/** Seats held (not lapsed) or sold on the show now. */
function takenAt(show: ShowDocument, now: Date): number {
  return show.seats.filter((seat) => seat.state === 'sold' || (seat.heldUntil !== undefined && seat.heldUntil > now)).length;
}

/** The presales (after the shows plugin: they count its seats). */
export const presalesPlugin = fp<PresalesPluginOptions>(
  async (app, { db, defaultAdmitPerMinute, ticker: tickerOptions = {}, feed = {}, openingSettleMs, priority }) => {
    const { presales, places } = await presaleModels(db);
    const shows: Model<ShowDocument> = await showModel(db);
    const source: PresaleShowsSource = {
      facts: async (showIds, now) =>
        Promise.all(
          showIds.map(async (id) => {
            const show = await shows.findById(id).lean<ShowDocument>();
            const cinema = show ? await app.shows.cinemaOf(id) : undefined;
            if (!show || !cinema || show.cancelled || show.movieDeleted) return null;
            return {
              id,
              cinemaId: cinema.id,
              startsAt: show.startsAt,
              date: show.date,
              schedule: show.schedule,
              taken: takenAt(show, now),
            };
          }),
        ),
      seats: async (showIds, now) => {
        let free = 0;
        let everyStarted = true;
        for (const id of showIds) {
          // The listings' numbers (the seat map's and the listing's); a show this process has not read yet, from its document.
          const listed = await app.showListing.one(id);
          const show = listed ?? (await shows.findById(id, { seats: 0 }).lean<ShowDocument>());
          if (!show) continue;
          if (show.startsAt > now) everyStarted = false;
          if (show.cancelled || show.movieDeleted) continue;
          free += listed ? freeSeatsAt(listed, now) : freeOfDocument(await shows.findById(id).lean<ShowDocument>(), now);
        }
        return { free, everyStarted };
      },
    };
    const store = new Presales(presales, places, source, app.clock, {
      defaultAdmitPerMinute,
      ...(openingSettleMs !== undefined ? { openingSettleMs } : {}),
      ...(priority ? { priority } : {}),
    });
    const ticker = new LineTicker(store, app.clock, app.log, tickerOptions);
    const feeds = new PresaleFeeds(store, feed, app.log);
    app.decorate('presales', { store, ticker, feeds, admissionFor: async () => undefined });
    app.addHook('onReady', async () => {
      if (tickerOptions.tickMs !== 0) ticker.start();
    });
    app.addHook('preClose', async () => feeds.close());
    app.addHook('onClose', async () => ticker.stop());
  },
  { name: 'presales', dependencies: ['shows'] },
);

function freeOfDocument(show: ShowDocument | null, now: Date): number {
  return show ? show.capacity - takenAt(show, now) : 0;
}
