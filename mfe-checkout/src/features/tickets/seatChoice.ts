import { compareLabels, suggestSeats, type SeatLayout } from '@cine/contracts';

/**
 * The buyer's choice on the seat map: a free seat tapped joins the selection; once it holds as many
 * seats as tickets, it replaces the seat chosen first (so one ticket's seat moves with one tap); a
 * chosen seat tapped again leaves it.
 */
export function toggleSeat(selected: readonly string[], label: string, count: number): string[] {
  if (selected.includes(label)) return selected.filter((seat) => seat !== label);
  if (selected.length < count) return [...selected, label];
  return [...selected.slice(selected.length - count + 1), label];
}

/**
 * The choice the map opens with: the seats the buyer already holds of the show (a new hold replaces
 * them, so they are theirs to keep), then the best adjacent seats for the tickets left, if any.
 */
export function initialChoice(layout: SeatLayout, isTaken: (label: string) => boolean, own: readonly string[], count: number): string[] {
  const kept = [...own].sort(compareLabels).slice(0, count);
  if (kept.length === count) return kept;
  const more = suggestSeats(layout, (label) => isTaken(label) || kept.includes(label), count - kept.length) ?? [];
  return [...kept, ...more];
}

/** The selection without the seats others took meanwhile, and those seats. */
export function dropTaken(selected: readonly string[], isTaken: (label: string) => boolean): { kept: string[]; lost: string[] } {
  return { kept: selected.filter((label) => !isTaken(label)), lost: selected.filter(isTaken) };
}

/** 'F7', 'F7 y F8', 'F7, F8 y F9', in room order. */
export function seatList(labels: readonly string[]): string {
  const sorted = [...labels].sort(compareLabels);
  return sorted.length <= 1 ? (sorted[0] ?? '') : `${sorted.slice(0, -1).join(', ')} y ${sorted[sorted.length - 1] as string}`;
}

/** The text summary of the selection, read by screen readers as it changes. */
export function selectionSummary(selected: readonly string[], count: number): string {
  const tickets = count === 1 ? '1 entrada' : `${count} entradas`;
  if (selected.length === 0) return `Elige ${count === 1 ? '1 asiento' : `${count} asientos`} para tus ${tickets} en el mapa.`;
  const missing = count - selected.length;
  const chosen = `Elegiste ${selected.length === 1 ? 'el asiento' : 'los asientos'} ${seatList(selected)} (${selected.length} de ${count}).`;
  return missing > 0 ? `${chosen} Falta elegir ${missing === 1 ? '1 asiento' : `${missing} asientos`}.` : chosen;
}

export const ISOLATED_SEAT_WARNING = 'No dejes un asiento libre aislado entre ocupados';
