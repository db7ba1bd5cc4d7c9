import { FIRST_CINEMA_ID, type SeatLayout, type ShowPricing } from '@cine/contracts';
import { RefusedError } from '../src/refusal';
import {
  companionRuleInForce,
  companionSeatMessage,
  companionsWithoutSpace,
  DEFAULT_COMPANION_RELEASE_MINUTES,
} from '../src/shows/companion-rule';
import { holdSeatsOf, holdWishOf } from '../src/shows/hold-decisions';
import { heldTicketsOf } from '../src/shows/seat-decisions';
import { showDocument } from './helpers';

/** Room 2's layout with a companion seat beside each wheelchair space and a premium back row. */
const layout: SeatLayout = {
  rows: [8, 8, 10, 10, 10, 10, 10, 10, 12, 12],
  aisles: [],
  wheelchair: ['A1', 'A8'],
  categories: { A1: 'wheelchair', A8: 'wheelchair', A2: 'companion', A7: 'companion', J1: 'premium', J2: 'premium' },
  companions: { A2: 'A1', A7: 'A8' },
};

const pricing: ShowPricing = {
  card: { id: 'card-1', name: 'Tarifa general' },
  types: [
    { type: 'general', name: 'General', description: '', requiresId: false, base: 1000 },
    { type: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, base: 700 },
  ],
  format: '3D',
  formatSurcharge: 200,
  categorySurcharges: { premium: 300 },
};

/** The show starts 2026-07-01T23:00:00Z. */
const startsAt = new Date('2026-07-01T23:00:00Z');
const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);
const show = () => showDocument({ layout, pricing, type: '3D', price: 1200 });

function refusalOf(work: () => unknown): { kind: string; message: string } | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (!(error instanceof RefusedError)) throw error;
    return { kind: error.refusal.kind, message: error.refusal.message };
  }
}

describe('the companion rule (companion-rule.ts)', () => {
  it('binds until COMPANION_RELEASE_MINUTES before the show, then the seat is an ordinary one', () => {
    expect(DEFAULT_COMPANION_RELEASE_MINUTES).toBe(120);
    expect(companionRuleInForce(startsAt, hoursBefore(3), 120)).toBe(true);
    expect(companionRuleInForce(startsAt, new Date(startsAt.getTime() - 120 * 60_000 - 1), 120)).toBe(true);
    expect(companionRuleInForce(startsAt, new Date(startsAt.getTime() - 120 * 60_000), 120)).toBe(false);
    expect(companionRuleInForce(startsAt, hoursBefore(1), 120)).toBe(false);
  });

  it('names the companion seats held without their wheelchair space while it binds', () => {
    expect(companionsWithoutSpace(layout, ['A2'], startsAt, hoursBefore(3), 120)).toEqual(['A2']);
    expect(companionsWithoutSpace(layout, ['A2', 'A7', 'A8'], startsAt, hoursBefore(3), 120)).toEqual(['A2']);
    expect(companionsWithoutSpace(layout, ['A1', 'A2'], startsAt, hoursBefore(3), 120)).toEqual([]);
    expect(companionsWithoutSpace(layout, ['A2'], startsAt, hoursBefore(1), 120)).toEqual([]);
    expect(companionsWithoutSpace(layout, ['J1', 'A3'], startsAt, hoursBefore(3), 120)).toEqual([]);
  });

  it('says the release time from the setting', () => {
    expect(companionSeatMessage(120)).toBe(
      'Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta 2 h antes de la función',
    );
    expect(companionSeatMessage(90)).toBe(
      'Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta 90 min antes de la función',
    );
  });

  it('refuses a hold of a companion seat alone (409) before the release, and holds it alone after it', () => {
    const until = new Date(startsAt.getTime() - 60_000);
    expect(refusalOf(() => holdSeatsOf(show(), 'ana', ['A2'], hoursBefore(3), until))).toEqual({
      kind: 'conflict',
      message: companionSeatMessage(120),
    });
    expect(holdSeatsOf(show(), 'ana', ['A1', 'A2'], hoursBefore(3), until).held.map((seat) => seat.label)).toEqual(['A1', 'A2']);
    expect(holdSeatsOf(show(), 'ana', ['A2'], hoursBefore(1.5), until).held.map((seat) => seat.label)).toEqual(['A2']);
    // The setting decides when: released 4 h before, a hold 3 h before takes it alone.
    expect(holdSeatsOf(show(), 'ana', ['A2'], hoursBefore(3), until, { companionReleaseMinutes: 240 }).held).toHaveLength(1);
  });

  it('leaves companion seats out of the seats chosen for a buyer while it binds', () => {
    const front = showDocument({ layout: { ...layout, rows: [8] }, capacity: 8, rows: 1, seatsPerRow: 8, pricing });
    const until = new Date(startsAt.getTime() - 60_000);
    const chosen = holdSeatsOf(front, 'ana', 6, hoursBefore(3), until).held.map((seat) => seat.label);
    expect(chosen).not.toContain('A2');
    expect(chosen).not.toContain('A7');
  });
});

describe('holds by ticket type (seat-decisions.ts)', () => {
  const until = new Date(startsAt.getTime() - 60_000);

  it('records the type of each named seat, in request order', () => {
    const { held } = holdSeatsOf(show(), 'ana', ['J2', 'J1'], hoursBefore(3), until, { types: ['menor', 'general'] });
    expect(held.map(({ label, ticketType }) => ({ label, ticketType }))).toEqual([
      { label: 'J2', ticketType: 'menor' },
      { label: 'J1', ticketType: 'general' },
    ]);
  });

  it('gives seats chosen automatically the types in request order, in room order', () => {
    const { held, seats } = holdSeatsOf(show(), 'ana', 3, hoursBefore(3), until, { types: ['menor', 'general', 'general'] });
    const labels = held.map((seat) => seat.label);
    expect(held.map((seat) => seat.ticketType)).toEqual(['menor', 'general', 'general']);
    const stored = showDocument({ layout, pricing, seats });
    const tickets = heldTicketsOf(stored, 'ana', hoursBefore(3), 'Película', {
      ref: { id: FIRST_CINEMA_ID, slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' },
      event: { id: FIRST_CINEMA_ID, name: 'Cine Centro', address: 'Av. Corrientes 1234', timeZone: 'America/Argentina/Buenos_Aires' },
    });
    expect(tickets?.show.cinema).toMatchObject({ slug: 'centro' });
    expect(tickets?.cinema).toMatchObject({ timeZone: 'America/Argentina/Buenos_Aires' });
    expect(tickets?.seatLabels).toEqual(labels);
    expect(tickets?.ticketTypes).toEqual(['menor', 'general', 'general']);
  });

  it('refuses (400) a type the show does not sell, and an unknown one, holding nothing', () => {
    expect(refusalOf(() => holdSeatsOf(show(), 'ana', ['J1'], hoursBefore(3), until, { types: ['jubilado'] }))).toEqual({
      kind: 'invalid',
      message: 'La función no vende entradas de tipo «jubilado».',
    });
    expect(refusalOf(() => holdSeatsOf(show(), 'ana', 1, hoursBefore(3), until, { types: ['vip'] }))?.kind).toBe('invalid');
  });

  it('a show whose card has no General refuses a hold without types', () => {
    const noGeneral = showDocument({ layout, pricing: { ...pricing, types: pricing.types.filter((type) => type.type !== 'general') } });
    expect(refusalOf(() => holdSeatsOf(noGeneral, 'ana', 1, hoursBefore(3), until))?.message).toBe(
      'La función no vende entradas de tipo «general».',
    );
  });

  it("reads addTickets' body: tickets with a seat on every entry or on none; seats alone mean General", () => {
    expect(holdWishOf({ seats: 2 })).toEqual({ count: 2 });
    expect(holdWishOf({ seats: 1, seatLabels: ['F7'] })).toEqual({ count: 1, labels: ['F7'] });
    expect(holdWishOf({ tickets: [{ type: 'menor' }, { type: 'general' }] })).toEqual({ count: 2, types: ['menor', 'general'] });
    expect(holdWishOf({ tickets: [{ seatLabel: 'F7', type: 'menor' }] })).toEqual({ count: 1, labels: ['F7'], types: ['menor'] });
    const invalid = (body: Parameters<typeof holdWishOf>[0]) => refusalOf(() => holdWishOf(body));
    expect(invalid({ tickets: [{ seatLabel: 'F7', type: 'menor' }, { type: 'general' }] })).toEqual({
      kind: 'invalid',
      message: 'Indica la butaca de cada entrada o de ninguna.',
    });
    expect(invalid({ seats: 3, tickets: [{ type: 'menor' }] })?.kind).toBe('invalid');
    expect(invalid({})?.kind).toBe('invalid');
    expect(invalid({ seatLabels: ['F8'], tickets: [{ seatLabel: 'F7', type: 'menor' }] })?.kind).toBe('invalid');
  });
});
