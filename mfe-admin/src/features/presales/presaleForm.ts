import {
  DEFAULT_PRESALE_MAX_TICKETS_PER_BUYER,
  DEFAULT_PRESALE_SESSION_MINUTES,
  localDateTime,
  PRESALE_MESSAGES,
  type PresaleInput,
  type PresaleState,
} from '@cine/contracts';

/** The Preventas list's words for a line's state. */
export const STATE_LABELS: Record<PresaleState, string> = {
  scheduled: 'Programada',
  open: 'Abierta',
  sold_out: 'Agotada',
  closed: 'Cerrada',
};

export interface PresaleFormValues {
  cinemaId: string;
  movieId: string;
  /** 'all': every upcoming show of the movie at the cinema; 'chosen': the ones ticked. */
  which: 'all' | 'chosen';
  showIds: string[];
  /** 'yyyy-mm-ddTHH:MM' on the cinema's clock (a datetime-local input). */
  opensAt: string;
  admitPerMinute: string;
  sessionMinutes: string;
  maxTicketsPerBuyer: string;
}

export type PresaleFormErrors = Partial<Record<'showIds' | 'opensAt' | 'admitPerMinute' | 'sessionMinutes' | 'maxTicketsPerBuyer', string>>;

export const emptyPresaleForm: PresaleFormValues = {
  cinemaId: '',
  movieId: '',
  which: 'all',
  showIds: [],
  opensAt: '',
  admitPerMinute: '',
  sessionMinutes: String(DEFAULT_PRESALE_SESSION_MINUTES),
  maxTicketsPerBuyer: String(DEFAULT_PRESALE_MAX_TICKETS_PER_BUYER),
};

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * The instant a cinema's wall clock reads `local` ('yyyy-mm-ddTHH:MM') in `timeZone`: the UTC reading corrected by
 * the zone's offset there (twice, for a change of offset between the guess and the answer). Null when not a time.
 */
export function instantAt(local: string, timeZone: string): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const wanted = Date.parse(`${match[1]}T${match[2]}:00Z`);
  if (Number.isNaN(wanted)) return null;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = localDateTime(new Date(guess), timeZone);
    guess += wanted - Date.parse(`${seen.date}T${seen.time}:00Z`);
  }
  return new Date(guess);
}

/** 'yyyy-mm-ddTHH:MM' of an instant on the cinema's clock (the datetime-local input's value). */
export function localInput(instant: Date, timeZone: string): string {
  const { date, time } = localDateTime(instant, timeZone);
  return `${date}T${time}`;
}

const whole = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/** What the service would refuse, found before sending (its limits: contracts' PresaleInput). */
export function validatePresaleForm(
  values: PresaleFormValues,
  showIds: readonly string[],
  timeZone: string,
  now = new Date(),
): PresaleFormErrors {
  const errors: PresaleFormErrors = {};
  if (showIds.length === 0) errors.showIds = PRESALE_MESSAGES.noShows;
  const opensAt = instantAt(values.opensAt, timeZone);
  if (!opensAt) errors.opensAt = 'Indica el día y la hora de apertura.';
  else if (opensAt.getTime() <= now.getTime()) errors.opensAt = PRESALE_MESSAGES.opensInPast;
  if (values.admitPerMinute.trim() !== '' && whole(values.admitPerMinute, 1, 100_000) === null)
    errors.admitPerMinute = 'Un número entero entre 1 y 100000, o vacío para la capacidad medida.';
  if (whole(values.sessionMinutes, 1, 60) === null) errors.sessionMinutes = 'Un número entero de minutos entre 1 y 60.';
  if (whole(values.maxTicketsPerBuyer, 1, 10) === null) errors.maxTicketsPerBuyer = 'Un número entero entre 1 y 10.';
  return errors;
}

/** The POST /presales body of a valid form. */
export function toPresaleInput(values: PresaleFormValues, showIds: readonly string[], timeZone: string): PresaleInput {
  const opensAt = instantAt(values.opensAt, timeZone) as Date;
  return {
    showIds: [...showIds],
    opensAt: opensAt.toISOString(),
    ...(values.admitPerMinute.trim() ? { admitPerMinute: Number(values.admitPerMinute) } : {}),
    sessionMinutes: Number(values.sessionMinutes),
    maxTicketsPerBuyer: Number(values.maxTicketsPerBuyer),
  };
}
