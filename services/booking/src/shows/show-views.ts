import type { CinemaRef, ShowView } from '@cine/contracts';
import { pricingOf, showPriceList } from '../pricing/show-pricing';
import { weekdayOf } from './cinema-time';
import { isFreeAt } from './seats';
import { freeSeatsAt, type ListedShow } from './show-listing';
import type { ShowDocument } from './show-model';

export type ShowSummary = Omit<ShowDocument, 'seats'> & { seats?: ShowDocument['seats'] };

/** Seats available now: the stored count, recounted from the seats once a hold has lapsed. */
function availableAt(show: ShowSummary, now: Date): number {
  if (!show.holdsExpireAt || show.holdsExpireAt > now || !show.seats) return show.available;
  return show.capacity - show.seats.filter((seat) => !isFreeAt(seat, now)).length;
}

/** `cinema`: the show's cinema (its room's: Cinemas.refOfRoom). */
export function toShowView(show: ShowSummary, title: string, now: Date, cinema: CinemaRef): ShowView {
  return viewOf(show, availableAt(show, now), title, cinema);
}

/** A show of the listings (show-listing.ts) as the API shows it. */
export function toListedShowView(show: ListedShow, title: string, now: Date, cinema: CinemaRef): ShowView {
  return viewOf(show, freeSeatsAt(show, now), title, cinema);
}

/**
 * Each listed show's JSON (its toListedShowView), kept while its summary, free seats and title are those it was
 * made from: the listing of 2,000 shows, remade every quarter second during a presale, remakes only the shows that
 * changed. A summary is never changed in place (a write or a read of the listing brings a new object).
 */
export class ListedShowTexts {
  private readonly texts = new WeakMap<ListedShow, { seats: number; title: string; cinema: CinemaRef; text: string }>();

  /** `cinema`: the same object while the cinema stays the same (Cinemas.refOfRoom), so a renamed cinema remakes its shows' texts. */
  textOf(show: ListedShow, title: string, now: Date, cinema: CinemaRef): string {
    const seats = freeSeatsAt(show, now);
    const kept = this.texts.get(show);
    if (kept && kept.seats === seats && kept.title === title && kept.cinema === cinema) return kept.text;
    const text = JSON.stringify(viewOf(show, seats, title, cinema));
    this.texts.set(show, { seats, title, cinema, text });
    return text;
  }
}

function viewOf(show: Omit<ListedShow, 'holds'>, seats: number, title: string, cinema: CinemaRef): ShowView {
  const pricing = pricingOf(show);
  return {
    id: show._id.toHexString(),
    schedule: show.schedule,
    day: weekdayOf(show.date),
    date: show.date,
    startsAt: show.startsAt.toISOString(),
    movieId: show.movieId,
    cinemaId: cinema.id,
    cinema,
    roomId: show.roomId,
    type: show.type,
    price: show.price,
    priceCard: pricing.card,
    prices: showPriceList(pricing),
    seats,
    capacity: show.capacity,
    movie: { Title: title },
  };
}
