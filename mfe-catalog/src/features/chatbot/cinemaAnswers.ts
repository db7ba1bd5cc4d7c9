/**
 * Cinebot's answers about the cinema, written from the platform's own data: the shows booking
 * answers (times, formats, prices, seats left), the chosen cinema's name, address and hours (issue 38),
 * and what the site does with cancellations and tickets. Pure: the panel fetches, these write.
 */
import type { CinemaInfo, CinemaView, ShowView } from '@cine/contracts';
import { dayLabel } from '@cine/web-kit';
import type { ChatbotReply } from './chatbotReplies';
import type { MovieRef } from './intents';

type Money = (cents: number) => string;

/** The days a movie's times are listed for, at most. */
const DAYS_LISTED = 3;

function text(body: string, extra: Omit<Extract<ChatbotReply, { kind: 'text' }>, 'kind' | 'text'> = {}): ChatbotReply {
  return { kind: 'text', text: body, ...extra };
}

/** 'a, b y c'. */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1] as string}`;
}

/** The shows still to come (not started) in time order. */
function upcoming(shows: readonly ShowView[], now: Date): ShowView[] {
  return shows.filter((show) => Date.parse(show.startsAt) > now.getTime()).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** '14:00, 16:30 (agotada) y 20:00 en 2D; 18:00 en 3D': a day's times of one movie, by format. */
function timesByFormat(shows: readonly ShowView[]): string {
  const formats = new Map<string, string[]>();
  for (const show of shows) {
    const times = formats.get(show.type) ?? [];
    times.push(show.seats <= 0 ? `${show.schedule} (agotada)` : show.schedule);
    formats.set(show.type, times);
  }
  return [...formats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, times]) => `${list(times)} en ${type}`)
    .join('; ');
}

/** 'viernes 27/11', inside a sentence. */
function inSentence(date: string): string {
  return dayLabel(date).toLowerCase();
}

/** 'Hoy (viernes 27/11)', 'Mañana (sábado 28/11)' or 'Domingo 29/11' for a show's date. */
function dayName(date: string, today: string, tomorrow: string): string {
  if (date === today) return `Hoy (${inSentence(date)})`;
  if (date === tomorrow) return `Mañana (${inSentence(date)})`;
  return dayLabel(date);
}

/**
 * The shows of a day by movie: "Hoy (Viernes 27/11) quedan estas funciones:" then one line per
 * movie with its times; the started ones are left out. A link opens the 'Cartelera' of that day.
 */
export function showsOfDayReply(shows: readonly ShowView[], day: 'hoy' | 'mañana', date: string, now: Date): ChatbotReply {
  const link = { to: `/cartelera?fecha=${date}`, label: `Ver la cartelera del ${inSentence(date)}` };
  const left = upcoming(shows, now);
  const when = day === 'hoy' ? `Hoy (${inSentence(date)})` : `Mañana (${inSentence(date)})`;
  if (left.length === 0)
    return text(
      day === 'hoy' ? `${when} ya no quedan funciones. Pregúntame por las de mañana.` : `${when} todavía no hay funciones programadas.`,
      { link, suggestions: day === 'hoy' ? ['¿Qué películas dan mañana?', '¿Dónde queda el cine?'] : undefined },
    );
  const byMovie = new Map<string, ShowView[]>();
  for (const show of left) byMovie.set(show.movie.Title, [...(byMovie.get(show.movie.Title) ?? []), show]);
  const lines = [...byMovie.entries()].map(([title, movieShows]) => `• ${title}: ${timesByFormat(movieShows)}.`);
  return text(`${when} ${day === 'hoy' ? 'quedan estas funciones' : 'dan'}:\n${lines.join('\n')}`, {
    link,
    suggestions: [...byMovie.keys()].slice(0, 2).map((title) => `Horarios de ${title}`),
  });
}

/** A movie's next shows, up to three days, by day and format, with a link to its page to buy. */
export function movieTimesReply(movie: MovieRef, shows: readonly ShowView[], today: string, tomorrow: string, now: Date): ChatbotReply {
  const link = { to: `/movies/${movie.id}`, label: `Comprar entradas para ${movie.title}` };
  const left = upcoming(
    shows.filter((show) => show.movieId === movie.id),
    now,
  );
  if (left.length === 0) return text(`${movie.title} no tiene funciones programadas por ahora.`, { link });
  const byDay = new Map<string, ShowView[]>();
  for (const show of left) byDay.set(show.date, [...(byDay.get(show.date) ?? []), show]);
  const days = [...byDay.entries()].slice(0, DAYS_LISTED);
  const lines = days.map(([date, dayShows]) => `• ${dayName(date, today, tomorrow)}: ${timesByFormat(dayShows)}.`);
  const more = byDay.size > DAYS_LISTED ? '\nHay más funciones en los días siguientes.' : '';
  return text(`Funciones de ${movie.title}:\n${lines.join('\n')}${more}`, {
    link,
    suggestions: [`¿Cuánto cuesta la entrada de ${movie.title}?`, '¿Qué películas dan hoy?'],
  });
}

/** The ticket prices of the shows to come, by format (a range where shows of a format differ). */
export function pricesReply(shows: readonly ShowView[], now: Date, money: Money, movie?: MovieRef): ChatbotReply {
  const left = upcoming(movie ? shows.filter((show) => show.movieId === movie.id) : shows, now);
  const subject = movie ? `para ${movie.title}` : '';
  if (left.length === 0)
    return text(
      movie
        ? `${movie.title} no tiene funciones programadas por ahora, así que no tiene precio todavía.`
        : 'No hay funciones a la venta por ahora.',
    );
  const byFormat = new Map<string, number[]>();
  for (const show of left) byFormat.set(show.type, [...(byFormat.get(show.type) ?? []), show.price]);
  const prices = [...byFormat.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, cents]) => {
      const low = Math.min(...cents);
      const high = Math.max(...cents);
      return low === high ? `${money(low)} en ${type}` : `de ${money(low)} a ${money(high)} en ${type}`;
    });
  return text(
    `La entrada ${subject ? `${subject} ` : ''}cuesta ${list(prices)}. El precio de cada función aparece al elegirla, antes de pagar.`,
    {
      suggestions: ['¿Qué películas dan hoy?', '¿Cómo compro entradas?'],
    },
  );
}

export function addressReply(cinema: CinemaInfo): ChatbotReply {
  return text(`${cinema.name} está en ${cinema.address}. Horario: ${cinema.hours}.`, {
    suggestions: ['¿Qué películas dan hoy?'],
  });
}

/** A cinema of the chain as the address and hours answers name it. */
export type ChainCinema = Pick<CinemaView, 'name' | 'city' | 'address' | 'hours'>;

/** No cinema chosen and the chain has several: each one's address and hours, and how to choose one. */
export function chainAddressReply(cinemas: readonly ChainCinema[]): ChatbotReply {
  const lines = cinemas.map((cinema) => `• ${cinema.name} (${cinema.city}): ${cinema.address}. Horario: ${cinema.hours}.`);
  return text(
    `Tenemos ${cinemas.length} cines:\n${lines.join('\n')}\nElige el tuyo en «¿En qué cine?», arriba, y te muestro sus funciones.`,
    {
      suggestions: ['¿Qué películas dan hoy?'],
    },
  );
}

export function hoursReply(cinema: CinemaInfo): ChatbotReply {
  return text(`El horario de ${cinema.name} es: ${cinema.hours}. Estamos en ${cinema.address}.`, {
    suggestions: ['¿Qué películas dan hoy?'],
  });
}

/** '2 horas', '90 minutos', '1 hora'. */
function duration(minutes: number): string {
  if (minutes % 60 !== 0) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/**
 * What the site does (booking's rule): "Cancelar compra" in Mis compras until `windowMinutes` before
 * the show, the tickets and candy refunded to the card.
 */
export function cancelReply(windowMinutes: number): ChatbotReply {
  return text(
    `Sí: en Mis compras, cada compra tiene el botón «Cancelar compra» hasta ${duration(windowMinutes)} antes de que empiece la función. ` +
      'Te devolvemos a la tarjeta las entradas y la dulcería, y las butacas vuelven a la venta. Pasado ese momento ya no se puede cancelar. ' +
      'Si el cine cancela una función, te reembolsamos la compra sin que hagas nada.',
    { link: { to: '/mis-compras', label: 'Ir a Mis compras' } },
  );
}

export function ticketsReply(): ChatbotReply {
  return text(
    'Tus entradas están en Mis entradas, cada una con su código QR para mostrar en la puerta (una vez abiertas, se ven también sin conexión). Tus compras, en Mis compras.',
    { link: { to: '/mis-entradas', label: 'Ver Mis entradas' }, suggestions: ['¿Cómo compro entradas?', '¿Puedo cancelar mi compra?'] },
  );
}

export const DATA_UNAVAILABLE_REPLY = 'No pude consultar las funciones en este momento. Intenta de nuevo en un rato o mira la cartelera.';
