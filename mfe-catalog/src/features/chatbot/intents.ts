/**
 * What a visitor's message asks Cinebot, decided by keywords and the billboard's titles (no model:
 * it runs offline in the browser). The spec's keywords keep their replies (chatbotReplies.ts); the
 * questions about the cinema come before them only where a spec keyword would answer the wrong
 * thing ("¿puedo cancelar mi compra?" holds "compr", a price question may too).
 */
import { chatbotReply, FALLBACK_REPLY, type ChatbotReply } from './chatbotReplies';

/** A movie of the billboard, as the assistant matches it by title. */
export interface MovieRef {
  id: string;
  title: string;
}

export type Intent =
  | { kind: 'cancel' }
  | { kind: 'prices'; movie?: MovieRef }
  | { kind: 'spec'; reply: ChatbotReply }
  | { kind: 'movie-times'; movie: MovieRef }
  | { kind: 'address' }
  | { kind: 'hours' }
  | { kind: 'shows-of-day'; day: 'hoy' | 'mañana' }
  | { kind: 'tickets' }
  | { kind: 'fallback' };

/** Lower case, without accents or punctuation, one space between words: "¿Qué  DAN hoy?" → "que dan hoy". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the normalised message holds the phrase as whole words. */
function hasPhrase(message: string, phrase: string): boolean {
  return ` ${message} `.includes(` ${phrase} `);
}

/** Whether a word of the message starts with one of the stems ('cancel' finds "cancelar", "cancelación"). */
function hasStem(message: string, stems: readonly string[]): boolean {
  const words = message.split(' ');
  return stems.some((stem) => words.some((word) => word.startsWith(stem)));
}

const STOP_WORDS = new Set(['el', 'la', 'los', 'las', 'de', 'del', 'y', 'a', 'en', 'un', 'una', 'the', 'of', 'and']);

/** The title's words worth matching on their own: no articles, no sequel numbers. */
function significantWords(title: string): string[] {
  return normalize(title)
    .split(' ')
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^(\d+|[ivx]+)$/.test(word));
}

/**
 * The billboard movie the message names: its whole title ("moana 2"), or else every significant word
 * of it ("horarios de moana"). The longest title wins ("Dune" and "Dune III": "dune iii").
 */
export function findMovie(message: string, movies: readonly MovieRef[]): MovieRef | undefined {
  const text = normalize(message);
  const byLength = [...movies].sort((a, b) => normalize(b.title).length - normalize(a.title).length);
  const whole = byLength.find((movie) => normalize(movie.title).length > 0 && hasPhrase(text, normalize(movie.title)));
  if (whole) return whole;
  return byLength.find((movie) => {
    const words = significantWords(movie.title);
    return words.length > 0 && words.every((word) => hasPhrase(text, word));
  });
}

const CANCEL = ['cancel', 'anul', 'devol', 'devuel', 'reembols', 'reintegr', 'arrepent'];
const PRICE = ['precio', 'cuesta', 'cuestan', 'cuanto sale', 'cuanto salen', 'cuanto vale', 'valor', 'tarifa', 'costo', 'cuanto es'];
const ADDRESS = ['donde', 'direccion', 'ubicacion', 'ubicados', 'ubica', 'queda', 'quedan', 'llego', 'llegar', 'mapa'];
const HOURS = ['abre', 'abren', 'abierto', 'abiertos', 'cierra', 'cierran', 'cerrado', 'atencion'];
// "horarios" alone, at a cinema, asks for the showtimes ("horario de atención" is the cinema's hours).
const SHOWS = ['hoy', 'cartelera', 'pelicula', 'peliculas', 'funcion', 'funciones', 'dan', 'pasan', 'proyectan', 'horario', 'horarios'];
// The buyer's own tickets ("¿dónde veo mis entradas?" is not the cinema's address).
const MY_TICKETS = ['mis entradas', 'mi entrada', 'qr', 'mis tickets', 'mi ticket', 'mis boletos', 'mi boleto'];
const TICKETS = ['entrada', 'entradas', 'ticket', 'tickets', 'boleto', 'boletos'];

/** Whether a phrase of the list is in the message (phrases of several words are matched whole too). */
function hasAny(message: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => hasPhrase(message, phrase));
}

/**
 * The intent of a message, first match in this order: a cancellation, a price, the spec's keywords
 * (fantastic, dog, regis, queja/suger/opin, compr — gracias waits for the rest), a movie's times by
 * its title, the buyer's tickets, the cinema's address, its hours, the shows of today (or tomorrow),
 * tickets in general; anything else falls back.
 */
export function matchIntent(message: string, movies: readonly MovieRef[]): Intent {
  const text = normalize(message);
  if (text.length === 0) return { kind: 'fallback' };
  const movie = findMovie(text, movies);
  if (hasStem(text, CANCEL)) return { kind: 'cancel' };
  if (hasAny(text, PRICE)) return movie ? { kind: 'prices', movie } : { kind: 'prices' };
  const spec = chatbotReply(message);
  if (spec !== FALLBACK_REPLY && !hasPhrase(text, 'gracias')) return { kind: 'spec', reply: spec };
  if (spec !== FALLBACK_REPLY && !isOnlyThanks(text)) {
    // "gracias" with another question: the question first (the spec's other keywords were not there).
    const rest = matchIntent(text.replace(/\bgracias\b/g, ' '), movies);
    if (rest.kind !== 'fallback') return rest;
  }
  if (spec !== FALLBACK_REPLY) return { kind: 'spec', reply: spec };
  if (movie) return { kind: 'movie-times', movie };
  if (hasAny(text, MY_TICKETS)) return { kind: 'tickets' };
  if (hasAny(text, ADDRESS)) return { kind: 'address' };
  if (hasAny(text, HOURS)) return { kind: 'hours' };
  if (hasAny(text, SHOWS) || hasPhrase(text, 'manana')) return { kind: 'shows-of-day', day: asksTomorrow(text) ? 'mañana' : 'hoy' };
  if (hasAny(text, TICKETS)) return { kind: 'tickets' };
  return { kind: 'fallback' };
}

function isOnlyThanks(text: string): boolean {
  return text.replace(/\b(muchas|muchisimas|mil|gracias)\b/g, '').trim().length === 0;
}

/** "mañana" as the day after today, not "por la mañana" (the morning). */
function asksTomorrow(text: string): boolean {
  return hasPhrase(text, 'manana') && !hasPhrase(text, 'la manana');
}

/** The questions offered as buttons when the panel opens, and after an answer with nothing better to offer. */
export const SUGGESTED_QUESTIONS = [
  '¿Qué películas dan hoy?',
  '¿Cuánto cuesta la entrada?',
  '¿Dónde queda el cine?',
  '¿Puedo cancelar mi compra?',
] as const;
