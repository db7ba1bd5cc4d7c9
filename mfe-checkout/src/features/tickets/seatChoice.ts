import { compareLabels, suggestSeats, type SeatLayout } from '@cine/contracts';

/** What a tap on a seat did to the selection, for the map to say (it never changes silently). */
export type SeatTap =
  | { outcome: 'added' | 'removed'; selected: string[] }
  /** One ticket: the seat moved from `from` to the seat tapped. */
  | { outcome: 'moved'; selected: string[]; from: string }
  /** Every ticket has its seat already: nothing changed, one must be taken out first. */
  | { outcome: 'full'; selected: string[] };

/**
 * The buyer's tap on a free seat of the map: it joins the selection while seats are missing; a chosen
 * seat tapped again leaves it. With every seat chosen, one ticket's seat moves to the seat tapped; with
 * more tickets nothing changes (dropping a seat chosen before, maybe off screen, would be a surprise):
 * the buyer takes one out first.
 */
export function tapSeat(selected: readonly string[], label: string, count: number): SeatTap {
  if (selected.includes(label)) return { outcome: 'removed', selected: selected.filter((seat) => seat !== label) };
  if (selected.length < count) return { outcome: 'added', selected: [...selected, label] };
  if (count === 1 && selected.length === 1) return { outcome: 'moved', selected: [label], from: selected[0] as string };
  return { outcome: 'full', selected: [...selected] };
}

/** What the map says after a tap that did more or less than the tap suggests (null: the summary says enough). */
export function tapNotice(tap: SeatTap, label: string, count: number): string | null {
  if (tap.outcome === 'moved') return `Cambiaste tu asiento: ${tap.from} por ${label}.`;
  if (tap.outcome === 'full')
    return `Ya elegiste tus ${count} asientos. Para elegir ${label}, toca primero uno de los tuyos para quitarlo.`;
  return null;
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
