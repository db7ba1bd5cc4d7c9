import {
  CINEMA_MESSAGES,
  capacityOfLayout,
  isIanaTimeZone,
  isSeatOf,
  layoutWidth,
  rowLetter,
  seatLabel,
  type CinemaForm,
  type SeatLayout,
} from '@cine/contracts';

/** A room's seats as the layout editor types them. */
export interface LayoutFormValues {
  /** Seats of each row, front (A) first: '10, 12, 12, 14'. */
  rows: string;
  /** An aisle after each of these columns: '3, 9' (blank: none). */
  aisles: string;
  /** Wheelchair spaces by label: 'A1, A2' (blank: none). */
  wheelchair: string;
  /** Rows of premium seats by letter: 'H, I' (blank: none). */
  premiumRows: string;
}

export type LayoutFormErrors = Partial<Record<keyof LayoutFormValues, string>>;

export const emptyLayoutForm: LayoutFormValues = { rows: '', aisles: '', wheelchair: '', premiumRows: '' };

const MAX_ROWS = 26;
const MAX_SEATS = 99;

export const LAYOUT_MESSAGES = {
  rows: 'Por favor ingresa los asientos de cada fila, separados por comas (por ejemplo 10, 12, 12) *',
  rowsInvalid: `Cada fila debe tener entre 1 y ${MAX_SEATS} asientos, y la sala hasta ${MAX_ROWS} filas (A a Z).`,
  aisles: 'Los pasillos son números de columna separados por comas, dentro del ancho de la sala (por ejemplo 3, 9).',
  wheelchair: 'Los espacios para silla de ruedas son butacas de la sala, por ejemplo A1, A2.',
  premiumRows: 'Las filas premium son letras de filas de la sala, por ejemplo H, I.',
} as const;

const items = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const wholes = (text: string) => items(text).map((item) => (/^\d+$/.test(item) ? Number(item) : NaN));

/**
 * The layout the editor's values describe, or each field's problem. Premium rows mark each of their seats
 * 'premium'; wheelchair spaces are the layout's `wheelchair` (their category follows from it).
 */
export function parseLayout(values: LayoutFormValues): { layout: SeatLayout } | { errors: LayoutFormErrors } {
  const errors: LayoutFormErrors = {};
  const rows = wholes(values.rows);
  if (rows.length === 0) errors.rows = LAYOUT_MESSAGES.rows;
  else if (rows.length > MAX_ROWS || rows.some((seats) => !Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS))
    errors.rows = LAYOUT_MESSAGES.rowsInvalid;
  if (errors.rows) return { errors };

  const base: SeatLayout = { rows, aisles: [], wheelchair: [] };
  const width = layoutWidth(base);
  const aisles = wholes(values.aisles);
  if (aisles.some((column) => !Number.isInteger(column) || column < 1 || column >= width)) errors.aisles = LAYOUT_MESSAGES.aisles;
  const wheelchair = items(values.wheelchair).map((label) => label.toUpperCase());
  if (wheelchair.some((label) => !isSeatOf(base, label))) errors.wheelchair = LAYOUT_MESSAGES.wheelchair;
  const premiumRows = items(values.premiumRows).map((letter) => letter.toUpperCase());
  const rowIndex = (letter: string) => (/^[A-Z]$/.test(letter) ? letter.charCodeAt(0) - 65 : -1);
  if (premiumRows.some((letter) => rowIndex(letter) < 0 || rowIndex(letter) >= rows.length))
    errors.premiumRows = LAYOUT_MESSAGES.premiumRows;
  if (Object.keys(errors).length > 0) return { errors };

  const categories: NonNullable<SeatLayout['categories']> = {};
  for (const letter of premiumRows) {
    const row = rowIndex(letter);
    for (let number = 1; number <= (rows[row] ?? 0); number += 1) {
      const label = seatLabel(row, number);
      // A wheelchair space stays one, in a premium row too.
      if (!wheelchair.includes(label)) categories[label] = 'premium';
    }
  }
  const layout: SeatLayout = {
    rows,
    aisles: [...new Set(aisles)].sort((a, b) => a - b),
    wheelchair: [...new Set(wheelchair)],
    ...(Object.keys(categories).length > 0 ? { categories } : {}),
  };
  return { layout };
}

/** The editor's values of a layout (to edit a room's as its POST or PUT answered it). */
export function layoutFormOf(layout: SeatLayout): LayoutFormValues {
  const premium = new Set(
    Object.entries(layout.categories ?? {})
      .filter(([, category]) => category === 'premium')
      .map(([label]) => label.charAt(0)),
  );
  return {
    rows: layout.rows.join(', '),
    aisles: layout.aisles.join(', '),
    wheelchair: layout.wheelchair.join(', '),
    premiumRows: layout.rows
      .map((_, row) => rowLetter(row))
      .filter((letter) => premium.has(letter))
      .join(', '),
  };
}

/**
 * The edited layout with the stored room's companion seats (`companions`: each sold with its wheelchair space) where
 * the seat is still there and its space still one: the editor has no field for them, and changing a row must not
 * turn them into ordinary seats. A companion seat is of that category, in a premium row too.
 */
export function withStoredCompanions(layout: SeatLayout, stored: SeatLayout | undefined): SeatLayout {
  const kept = Object.entries(stored?.companions ?? {}).filter(
    ([seat, space]) => isSeatOf(layout, seat) && !layout.wheelchair.includes(seat) && layout.wheelchair.includes(space),
  );
  if (kept.length === 0) return layout;
  const categories: NonNullable<SeatLayout['categories']> = { ...layout.categories };
  for (const [seat] of kept) categories[seat] = 'companion';
  return { ...layout, categories, companions: Object.fromEntries(kept) };
}

/** '120 butacas en 10 filas': what the preview counts. */
export function layoutSummary(layout: SeatLayout): string {
  const seats = capacityOfLayout(layout);
  return `${seats} ${seats === 1 ? 'butaca' : 'butacas'} en ${layout.rows.length} ${layout.rows.length === 1 ? 'fila' : 'filas'}`;
}

/** The cinema form as typed. */
export type CinemaFormValues = Record<keyof CinemaForm, string>;
export type CinemaFormErrors = Partial<Record<keyof CinemaForm, string>>;

export const emptyCinemaForm: CinemaFormValues = { slug: '', name: '', city: '', address: '', hours: '', timeZone: '' };

export const CINEMA_FORM_MESSAGES = {
  slug: 'Por favor ingresa el slug del cine (minúsculas, números y guiones, por ejemplo norte) *',
  slugInvalid: 'El slug solo puede tener minúsculas, números y guiones (por ejemplo cine-norte), de 2 a 40 caracteres.',
  name: 'Por favor ingresa el nombre del cine *',
  city: 'Por favor ingresa la ciudad *',
  address: 'Por favor ingresa la dirección *',
  hours: 'Por favor ingresa el horario de atención *',
  timeZone: 'Por favor elige la zona horaria *',
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Every field's problem, as booking would answer it (the zone with CINEMA_MESSAGES.invalidTimeZone). */
export function validateCinemaForm(values: CinemaFormValues): CinemaFormErrors {
  const errors: CinemaFormErrors = {};
  for (const field of ['slug', 'name', 'city', 'address', 'hours', 'timeZone'] as const) {
    if (values[field].trim() === '') errors[field] = CINEMA_FORM_MESSAGES[field];
  }
  const slug = values.slug.trim();
  if (!errors.slug && (!SLUG.test(slug) || slug.length < 2 || slug.length > 40)) errors.slug = CINEMA_FORM_MESSAGES.slugInvalid;
  if (!errors.timeZone && !isIanaTimeZone(values.timeZone.trim())) errors.timeZone = CINEMA_MESSAGES.invalidTimeZone;
  return errors;
}

/** The zones the form offers first (the chain's); any other IANA name may be typed. */
export const COMMON_TIME_ZONES = [
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Cordoba',
  'America/Argentina/Mendoza',
  'America/Santiago',
  'America/Montevideo',
  'America/Mexico_City',
  'America/Bogota',
  'Europe/Madrid',
  'UTC',
] as const;
