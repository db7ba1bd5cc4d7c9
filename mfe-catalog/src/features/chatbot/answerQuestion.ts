import type { CinemaInfo, ShowView } from '@cine/contracts';
import { addDays, cinemaClock } from '@cine/web-kit';
import {
  addressReply,
  cancelReply,
  chainAddressReply,
  type ChainCinema,
  DATA_UNAVAILABLE_REPLY,
  hoursReply,
  movieTimesReply,
  pricesReply,
  showsOfDayReply,
  ticketsReply,
} from './cinemaAnswers';
import { FALLBACK_REPLY, type ChatbotReply } from './chatbotReplies';
import { SUGGESTED_QUESTIONS, type Intent } from './intents';

/** Where the answers' data comes from: the platform's public API and /config.js (tests give their own). */
export interface CinemaSources {
  showsOnDate: (date: string) => Promise<ShowView[]>;
  showsOfMovie: (movieId: string) => Promise<ShowView[]>;
  upcomingShows: () => Promise<ShowView[]>;
  /** The buyer's chosen cinema (its name, address and hours), else the configured one. */
  cinema: CinemaInfo;
  /** The chain's cinemas when the buyer has chosen none: the address and hours answers list them all. */
  chain?: readonly ChainCinema[];
  /** Booking's CANCELLATION_WINDOW_MINUTES, from /config.js. */
  cancellationWindowMinutes: number;
  money: (cents: number) => string;
  now: Date;
}

/** The reply to an intent, fetching what it needs; the API out of reach gets a plain apology, not an error. */
export async function answerQuestion(intent: Intent, sources: CinemaSources): Promise<ChatbotReply> {
  const today = cinemaClock(sources.now).date;
  const tomorrow = addDays(today, 1);
  try {
    switch (intent.kind) {
      case 'spec':
        return intent.reply;
      case 'cancel':
        return cancelReply(sources.cancellationWindowMinutes);
      case 'tickets':
        return ticketsReply();
      case 'address':
        return sources.chain && sources.chain.length > 1 ? chainAddressReply(sources.chain) : addressReply(sources.cinema);
      case 'hours':
        return sources.chain && sources.chain.length > 1 ? chainAddressReply(sources.chain) : hoursReply(sources.cinema);
      case 'shows-of-day': {
        const date = intent.day === 'hoy' ? today : tomorrow;
        return showsOfDayReply(await sources.showsOnDate(date), intent.day, date, sources.now);
      }
      case 'movie-times':
        return movieTimesReply(intent.movie, await sources.showsOfMovie(intent.movie.id), today, tomorrow, sources.now);
      case 'prices': {
        const shows = intent.movie ? await sources.showsOfMovie(intent.movie.id) : await sources.upcomingShows();
        return pricesReply(shows, sources.now, sources.money, intent.movie);
      }
      case 'fallback':
        return { ...FALLBACK_REPLY, suggestions: SUGGESTED_QUESTIONS } as ChatbotReply;
    }
  } catch {
    return { kind: 'text', text: DATA_UNAVAILABLE_REPLY, link: { to: `/cartelera?fecha=${today}`, label: 'Ver la cartelera' } };
  }
}
