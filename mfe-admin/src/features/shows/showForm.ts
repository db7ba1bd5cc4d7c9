import { missingFieldMessages, SHOW_FORM_MESSAGES, weekdays, type CinemaView, type Weekday } from '@cine/contracts';

export type ShowFormField = keyof typeof SHOW_FORM_MESSAGES | 'price';
/**
 * As typed: `day` a 'yyyy-mm-dd' date (the date picker), `price` in the cinema's currency ('9.00'),
 * blank when the show sells at its price card (issue 37), a price making it a "Precio único" show.
 */
export type ShowFormValues = Record<ShowFormField, string>;
export type ShowFormErrors = Partial<Record<ShowFormField, string>>;

export const emptyShowForm: ShowFormValues = { schedule: '', movieId: '', roomId: '', day: '', type: '', price: '' };

const PRICE_INVALID = 'El precio debe ser un número mayor que 0 (por ejemplo 9.00).';

/** Spec §9: Lunes to Domingo. */
export const DAYS: readonly Weekday[] = [...weekdays.slice(1), weekdays[0]];
const ROOMS = [1, 2, 3, 4, 5] as const;

/** A room a show may be in, as its select names it. */
export interface RoomChoice {
  id: number;
  label: string;
  cinemaId?: string;
}

/**
 * The rooms to choose from (issue 38): the chosen cinema's, or every cinema's named with their cinema ('' = all).
 * With no cinemas known (a section shown alone), the first cinema's rooms 1–5.
 */
export function roomChoices(cinemas: readonly CinemaView[], cinemaId: string): RoomChoice[] {
  if (cinemas.length === 0) return ROOMS.map((room) => ({ id: room, label: `Sala ${room}` }));
  const chosen = cinemas.filter((cinema) => !cinemaId || cinema.id === cinemaId);
  return chosen.flatMap((cinema) =>
    cinema.rooms.map((room) => ({ id: room.id, label: cinemaId ? room.name : `${room.name} · ${cinema.name}`, cinemaId: cinema.id })),
  );
}

/** The cinema a room belongs to ('' when unknown: booking then takes the first cinema). */
export function cinemaOfRoom(cinemas: readonly CinemaView[], roomId: number): string {
  return cinemas.find((cinema) => cinema.rooms.some((room) => room.id === roomId))?.id ?? '';
}

/** A price as typed ('9', '9.50', '9,50') in cents, or undefined when it is not a positive amount. */
export function priceCents(text: string): number | undefined {
  const amount = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(amount) || amount <= 0) return undefined;
  return Math.round(amount * 100);
}

/** A blank price is none (the show sells at its price card); a typed one must be a positive amount. */
function priceProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return priceCents(text) === undefined ? PRICE_INVALID : undefined;
}

/** The price a form sends: none when left blank (the card's prices), else one price for every seat. */
export function typedPrice(text: string): { price: number } | Record<string, never> {
  const cents = priceCents(text);
  return cents === undefined ? {} : { price: cents };
}

/** The spec's message of each missing field, then the price's when one is typed. */
export function validateShowForm(values: ShowFormValues, fields?: readonly ShowFormField[]): ShowFormErrors {
  const specFields = fields?.filter((field): field is keyof typeof SHOW_FORM_MESSAGES => field !== 'price');
  const errors: ShowFormErrors = missingFieldMessages(SHOW_FORM_MESSAGES, values, specFields);
  const price = !fields || fields.includes('price') ? priceProblem(values.price) : undefined;
  return price ? { ...errors, price } : errors;
}

/** 'Programar en bloque': a movie in a room at times over a date range and weekdays. */
export interface BulkFormValues {
  movieId: string;
  roomId: string;
  type: string;
  price: string;
  /** 'HH:MM' separated by commas or spaces ('14:00, 17:00, 20:00'). */
  times: string;
  from: string;
  to: string;
  weekdays: Weekday[];
}

export type BulkFormErrors = Partial<Record<keyof BulkFormValues, string>>;

const BULK_MESSAGES = {
  movieId: SHOW_FORM_MESSAGES.movieId,
  roomId: SHOW_FORM_MESSAGES.roomId,
  type: SHOW_FORM_MESSAGES.type,
  times: 'Por favor ingresa al menos un horario (HH:MM) *',
  timesInvalid: 'Los horarios deben tener el formato HH:MM, separados por comas (por ejemplo 14:00, 17:00, 20:00).',
  from: 'Por favor selecciona la fecha desde *',
  to: 'Por favor selecciona la fecha hasta *',
  weekdays: 'Por favor selecciona al menos un día de la semana *',
} as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The times as typed, each 'HH:MM' once ('9:30' becomes '09:30'); undefined when one is not a time. */
export function parseTimes(text: string): string[] | undefined {
  const times = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((time) => time.padStart(5, '0'));
  return times.every((time) => CLOCK.test(time)) ? [...new Set(times)] : undefined;
}

export function validateBulkForm(values: BulkFormValues): BulkFormErrors {
  const errors: BulkFormErrors = {};
  for (const field of ['movieId', 'roomId', 'type', 'from', 'to'] as const) if (!values[field]) errors[field] = BULK_MESSAGES[field];
  const price = priceProblem(values.price);
  if (price) errors.price = price;
  if (values.times.trim() === '') errors.times = BULK_MESSAGES.times;
  else if (!parseTimes(values.times)) errors.times = BULK_MESSAGES.timesInvalid;
  if (values.weekdays.length === 0) errors.weekdays = BULK_MESSAGES.weekdays;
  return errors;
}
