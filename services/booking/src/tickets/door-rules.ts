/**
 * The door's decisions as pure functions: when a show's door admits tickets, and which of a scan's
 * problems the door says (the one that matters most to the person in front of it).
 */
import type { TicketState } from '@cine/contracts';

/** DOOR_OPENS_MINUTES_BEFORE and DOOR_CLOSES_MINUTES_AFTER_END. */
export interface DoorWindowSettings {
  /** The door admits a show's tickets from this long before its start (default 60). */
  opensMinutesBefore: number;
  /** … until this long after its end (default 0: the end). */
  closesMinutesAfterEnd: number;
}

export const DEFAULT_DOOR_WINDOW: DoorWindowSettings = { opensMinutesBefore: 60, closesMinutesAfterEnd: 0 };

export interface DoorWindow {
  opensAt: Date;
  closesAt: Date;
}

const MINUTE_MS = 60_000;

/** When the show's door admits: instants, from the show's start and end instants (a moved show moves its window). */
export function doorWindowOf(show: { startsAt: Date; endsAt: Date }, settings: DoorWindowSettings): DoorWindow {
  return {
    opensAt: new Date(show.startsAt.getTime() - settings.opensMinutesBefore * MINUTE_MS),
    closesAt: new Date(show.endsAt.getTime() + settings.closesMinutesAfterEnd * MINUTE_MS),
  };
}

/** Where an instant falls in a door window. */
export function windowPosition(at: Date, window: DoorWindow): 'early' | 'open' | 'over' {
  if (at < window.opensAt) return 'early';
  return at >= window.closesAt ? 'over' : 'open';
}

/** What the door knows of a scanned ticket (its signature and code already checked). */
export interface DoorFacts {
  state: TicketState;
  /** The ticket's show was cancelled (its refund may still be pending). */
  showCancelled: boolean;
  /** The door checks another show than the ticket's. */
  otherShow: boolean;
  /** … a show of another cinema than the ticket's (issue 38). */
  otherCinema?: boolean;
  /** Where the scan's instant falls in the ticket's show's door window. */
  position: 'early' | 'open' | 'over';
}

export type DoorDecision =
  'refunded' | 'show_cancelled' | 'wrong_cinema' | 'wrong_show' | 'already_used' | 'too_early' | 'show_over' | 'admit';

/**
 * The verdict, most important first: a ticket that is no longer valid anywhere (refunded, its show
 * cancelled) is said before "another cinema" (its holder goes to the cinema named), and that before
 * "another show", which would send its holder to another room; then a ticket used already; then the
 * door's window of its own show.
 */
export function doorDecision(facts: DoorFacts): DoorDecision {
  if (facts.state === 'refunded') return 'refunded';
  if (facts.showCancelled) return 'show_cancelled';
  if (facts.otherCinema) return 'wrong_cinema';
  if (facts.otherShow) return 'wrong_show';
  if (facts.state === 'used') return 'already_used';
  if (facts.position === 'early') return 'too_early';
  if (facts.position === 'over') return 'show_over';
  return 'admit';
}
