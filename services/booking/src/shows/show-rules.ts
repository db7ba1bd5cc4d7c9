/** The rules of a show, apart from storage. */
import { SHOW_TYPES, type ShowType } from '@cine/contracts';

/** Minutes a room is closed for cleaning after a show ends, before the next one may start. */
export const CLEANING_MINUTES = 20;

/** Ticket price in cents when the admin gives none. */
export const DEFAULT_PRICES: Readonly<Record<ShowType, number>> = { '2D': 900, '3D': 1200 };

/** Highest ticket price accepted (cents). */
export const MAX_PRICE = 1_000_000;

/** Days after today a show may be scheduled on: a cinema's programme, not a date in the year 9999 (a start of +010000-…). */
export const MAX_DAYS_AHEAD = 365;

export interface TimeSpan {
  startsAt: Date;
  endsAt: Date;
}

/** Two shows of one room overlap unless one starts at least CLEANING_MINUTES after the other ends. */
export function overlaps(a: TimeSpan, b: TimeSpan, cleaningMinutes: number = CLEANING_MINUTES): boolean {
  const gap = cleaningMinutes * 60_000;
  return a.startsAt.getTime() < b.endsAt.getTime() + gap && b.startsAt.getTime() < a.endsAt.getTime() + gap;
}

export function isShowType(value: string): value is ShowType {
  return (SHOW_TYPES as readonly string[]).includes(value);
}

export const INVALID_SCHEDULE = 'El horario debe tener el formato HH:MM (00:00 a 23:59).';
export const INVALID_ROOM = 'La sala debe ser el número de una sala del cine.';
export const INVALID_DAY = 'El día debe ser una fecha aaaa-mm-dd o un día de la semana (Lunes a Domingo).';
export const INVALID_DATE = 'La fecha debe ser un día existente escrito aaaa-mm-dd.';
export const BULK_RANGE_REVERSED = 'La fecha «hasta» no puede ser anterior a la fecha «desde».';
export const BULK_FROM_PAST = 'La fecha «desde» no puede ser anterior a hoy.';
export const BULK_EMPTY = 'Ningún día del rango cae en los días de la semana elegidos: no hay funciones que programar.';
export const INVALID_TYPE = 'El tipo debe ser 2D o 3D.';
export const INVALID_PRICE = `El precio debe ser un número entero de centavos entre 1 y ${MAX_PRICE}.`;
export const SHOW_IN_PAST = 'La función debe comenzar en el futuro.';
export const MOVIE_NOT_FOUND = 'No existe la película.';
export const ID_MISMATCH = 'El id del cuerpo no coincide con el de la ruta.';
export const MOVIE_NOT_CHANGEABLE = 'La película de una función no se puede cambiar: crea otra función.';
export const ROOM_NOT_CHANGEABLE = 'No se puede cambiar la sala de una función con entradas vendidas o reservadas.';
export const STARTED_SHOW_NOT_EDITABLE = 'La función ya comenzó: no se puede modificar.';

export function tooFarAhead(lastDay: string): string {
  return `La función no puede programarse con más de un año de anticipación: elige un día hasta el ${lastDay}.`;
}

export function beforeRelease(release: string): string {
  return `La película se estrena el ${release}: la función no puede ser antes.`;
}

export function roomTaken(roomId: number, title: string, from: string, to: string): string {
  return `La sala ${roomId} está ocupada por «${title}» de ${from} a ${to}; entre funciones se dejan ${CLEANING_MINUTES} minutos de limpieza.`;
}

export function tooManyBulkShows(count: number, max: number): string {
  return `Se programarían ${count} funciones y el máximo por vez es ${max}: acorta el rango de fechas o elige menos horarios.`;
}

/** Two times of one bulk plan closer than the movie's run time plus cleaning. */
export function bulkTimesOverlap(first: string, second: string, runtime: number): string {
  return `Los horarios ${first} y ${second} se superponen: la película dura ${runtime} minutos y entre funciones se dejan ${CLEANING_MINUTES} minutos de limpieza.`;
}

export function bulkRefused(clashes: number, planned: number): string {
  return `No se creó ninguna función: ${clashes} de ${planned} chocan con otras funciones de la sala. Omite los choques o cambia los horarios.`;
}
