import { PRESALE_MESSAGES, type PresaleState } from '@cine/contracts';
import { createHmac } from 'node:crypto';

/**
 * A presale's line as pure rules (issue 40): the opening's lottery, the admission meter, the state the
 * seats put the line in, and what is wrong with an admin's presale. The line ticker (line-ticker.ts) and
 * the repository (presales.ts) apply them with conditional updates; nothing here reads a clock or a database.
 */

/** A place's draw in the lottery: HMAC-SHA256 of its id under the presale's secret seed. */
function drawOf(seed: string, placeId: string): string {
  return createHmac('sha256', seed).update(placeId).digest('hex');
}

/**
 * The lottery of the opening: the places that joined before it, in position order (the first is position 1).
 * Deterministic from the secret seed (every instance that computes it writes the same positions) and uniform
 * over the orders of the places while the seed is secret: arriving at 9:59:59 or at 9:30 is the same.
 */
export function lotteryOrder(placeIds: readonly string[], seed: string): string[] {
  return placeIds
    .map((placeId) => ({ placeId, draw: drawOf(seed, placeId) }))
    .sort((a, b) => (a.draw < b.draw ? -1 : a.draw > b.draw ? 1 : a.placeId < b.placeId ? -1 : a.placeId > b.placeId ? 1 : 0))
    .map(({ placeId }) => placeId);
}

/**
 * Issue 41: the line at the opening: the places of `first` (buyers with presale priority: Oro members who joined
 * the club before the opening) ahead, in lottery order among themselves, then everyone else in lottery order.
 */
export function priorityOrder(drawn: readonly string[], first: ReadonlySet<string>): string[] {
  return [...drawn.filter((placeId) => first.has(placeId)), ...drawn.filter((placeId) => !first.has(placeId))];
}

/** The admission meter as stored on the presale. */
export interface MeterReading {
  admittedThrough: number;
  lastPosition: number;
  /** ms since the epoch: admissions owed since it. */
  meteredAt: number;
  admitPerMinute: number;
}

/** The meter after a tick: the new frontier and clock (equal to the reading's when nothing moved). */
export interface MeterMove {
  admittedThrough: number;
  meteredAt: number;
}

/** How long one admission takes at the rate, in ms. */
const msPerAdmission = (admitPerMinute: number) => 60_000 / Math.max(1, admitPerMinute);

/**
 * The meter at `now`: owed = floor((now − meteredAt) · admitPerMinute / 60 000) admissions, the frontier moves
 * to min(lastPosition, admittedThrough + owed) and the clock advances by the time those admissions took — so a
 * fraction of an admission is carried to the next tick. No banking: when the line has caught up (everyone
 * positioned is admitted) or is stopped (`stopped`: sold out), the clock moves to `now`, so a quiet spell never
 * turns into a burst of admissions later.
 */
export function meterAt(reading: MeterReading, now: number, stopped = false): MeterMove {
  const { admittedThrough, lastPosition, meteredAt, admitPerMinute } = reading;
  if (stopped || now <= meteredAt) return { admittedThrough, meteredAt: stopped ? Math.max(now, meteredAt) : meteredAt };
  const owed = Math.floor(((now - meteredAt) * admitPerMinute) / 60_000);
  const frontier = Math.min(lastPosition, admittedThrough + owed);
  if (frontier >= lastPosition) return { admittedThrough: Math.max(admittedThrough, frontier), meteredAt: now };
  const consumed = Math.floor((frontier - admittedThrough) * msPerAdmission(admitPerMinute));
  return { admittedThrough: frontier, meteredAt: meteredAt + consumed };
}

/** The state the line should be in, from the one stored, its shows' free seats and whether they all started. */
export function lineStateAt(
  line: { state: PresaleState; opensAt: Date; openedAt?: Date | undefined },
  seatsLeft: number,
  everyShowStarted: boolean,
): PresaleState {
  if (line.state === 'closed' || everyShowStarted) return 'closed';
  if (!line.openedAt) return 'scheduled';
  return seatsLeft === 0 ? 'sold_out' : 'open';
}

/** A show as the admin's presale is checked against it. */
export interface PresaleShowFacts {
  id: string;
  cinemaId: string;
  startsAt: Date;
  /** 'yyyy-mm-dd' and 'HH:MM' at its cinema. */
  date: string;
  schedule: string;
  /** Seats held (not lapsed) or sold now. */
  taken: number;
  /** In another presale that is not closed. */
  inPresale: boolean;
}

/** How a show is named in a message: "del 12/03/2026 a las 20:00". */
export function showLabel(show: Pick<PresaleShowFacts, 'date' | 'schedule'>): string {
  return `del ${show.date.split('-').reverse().join('/')} a las ${show.schedule}`;
}

export type PresaleProblem = { kind: 'invalid' | 'not-found' | 'conflict'; message: string };

/**
 * What is wrong with a new presale, or null: no shows, an opening not in the future (400); a show that does
 * not exist (404, `shows` holds null for it); shows of two cinemas (400); a show started, with seats held or
 * sold, or in another presale (409).
 */
export function presaleInputProblem(
  input: { showIds: readonly string[]; opensAt: Date },
  shows: ReadonlyArray<PresaleShowFacts | null>,
  now: Date,
): PresaleProblem | null {
  if (input.showIds.length === 0) return { kind: 'invalid', message: PRESALE_MESSAGES.noShows };
  if (Number.isNaN(input.opensAt.getTime()) || input.opensAt <= now) return { kind: 'invalid', message: PRESALE_MESSAGES.opensInPast };
  if (shows.some((show) => show === null)) return { kind: 'not-found', message: PRESALE_MESSAGES.showNotFound };
  const known = shows as readonly PresaleShowFacts[];
  if (new Set(known.map((show) => show.cinemaId)).size > 1) return { kind: 'invalid', message: PRESALE_MESSAGES.twoCinemas };
  for (const show of known) {
    if (show.startsAt <= now) return { kind: 'conflict', message: PRESALE_MESSAGES.showStarted };
    if (show.taken > 0) return { kind: 'conflict', message: PRESALE_MESSAGES.showHasSales(showLabel(show)) };
    if (show.inPresale) return { kind: 'conflict', message: PRESALE_MESSAGES.showInPresale(showLabel(show)) };
  }
  return null;
}

/** When the meter reached `position`: its last move's instant when that move passed it, else (a place a crash left behind) now. */
export function admissionInstant(
  presale: { movedAt?: Date; movedFrom?: number; admittedThrough: number },
  position: number,
  now: Date,
): Date {
  const { movedAt, movedFrom = 0 } = presale;
  return movedAt && position > movedFrom && position <= presale.admittedThrough ? movedAt : now;
}
