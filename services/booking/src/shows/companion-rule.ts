import type { SeatLayout } from '@cine/contracts';

/**
 * The companion seats' rule (issue 37): a companion seat (`layout.categories[label] === 'companion'`, its
 * wheelchair space in `layout.companions`) is sold only in the same hold as its wheelchair space until
 * COMPANION_RELEASE_MINUTES before the show; from then on it is an ordinary seat.
 */

/** COMPANION_RELEASE_MINUTES' default: two hours before the show. */
export const DEFAULT_COMPANION_RELEASE_MINUTES = 120;

/** '2 h', '90 min'. */
function duration(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** Why a companion seat cannot be held alone (409). */
export function companionSeatMessage(releaseMinutes: number): string {
  return `Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta ${duration(releaseMinutes)} antes de la función`;
}

/** Whether the rule still binds the show's companion seats at `now` (until `releaseMinutes` before the start). */
export function companionRuleInForce(startsAt: Date, now: Date, releaseMinutes: number): boolean {
  return now.getTime() < startsAt.getTime() - releaseMinutes * 60_000;
}

/** Whether the seat is a companion seat with a wheelchair space of its own. */
export function isCompanionSeat(layout: Pick<SeatLayout, 'categories' | 'companions'>, label: string): boolean {
  return layout.categories?.[label] === 'companion' && layout.companions?.[label] !== undefined;
}

/**
 * The companion seats among `labels` (one hold) whose wheelchair space is not among them, while the rule is
 * in force; empty once it is released or when every companion seat comes with its space.
 */
export function companionsWithoutSpace(
  layout: Pick<SeatLayout, 'categories' | 'companions'>,
  labels: readonly string[],
  startsAt: Date,
  now: Date,
  releaseMinutes: number,
): string[] {
  if (!companionRuleInForce(startsAt, now, releaseMinutes)) return [];
  const held = new Set(labels);
  return labels.filter((label) => isCompanionSeat(layout, label) && !held.has(layout.companions?.[label] as string));
}
