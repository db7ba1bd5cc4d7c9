import { FIRST_CINEMA_ID } from '@cine/contracts';
import { assignCinemas, cinemasOf, scopeChanges } from './cinema-assignment';

const NORTE = 'c1e000000000000000000002';
const CORDOBA = 'c1e000000000000000000003';

describe('the cinemas of a user', () => {
  it('reads staff registered before the chain as staff of the first cinema', () => {
    expect(cinemasOf({ role: 'staff' })).toEqual([FIRST_CINEMA_ID]);
    expect(cinemasOf({ role: 'staff', cinemaIds: [NORTE] })).toEqual([NORTE]);
  });

  it('gives buyers and admins no cinemas (an admin sees the chain)', () => {
    expect(cinemasOf({ role: 'user', cinemaIds: [NORTE] })).toBeUndefined();
    expect(cinemasOf({ role: 'admin' })).toBeUndefined();
  });

  it('requires at least one cinema for a manager or staff member', () => {
    expect(assignCinemas('manager', [])).toEqual({ outcome: 'cinemas-required' });
    expect(assignCinemas('staff', undefined)).toEqual({ outcome: 'cinemas-required' });
    expect(assignCinemas('manager', [NORTE, NORTE, CORDOBA])).toEqual({ outcome: 'assigned', cinemaIds: [NORTE, CORDOBA] });
  });

  it('keeps the current cinemas when none are sent, and drops them for a role without cinemas', () => {
    expect(assignCinemas('manager', undefined, [NORTE])).toEqual({ outcome: 'assigned', cinemaIds: [NORTE] });
    expect(assignCinemas('user', [NORTE], [NORTE])).toEqual({ outcome: 'assigned', cinemaIds: undefined });
  });

  it('tells a change of role or of the set of cinemas, not of their order', () => {
    expect(scopeChanges({ role: 'manager', cinemaIds: [NORTE, CORDOBA] }, { role: 'manager', cinemaIds: [CORDOBA, NORTE] })).toBe(false);
    expect(scopeChanges({ role: 'manager', cinemaIds: [NORTE] }, { role: 'manager', cinemaIds: [NORTE, CORDOBA] })).toBe(true);
    expect(scopeChanges({ role: 'staff' }, { role: 'staff', cinemaIds: [FIRST_CINEMA_ID] })).toBe(false);
    expect(scopeChanges({ role: 'staff', cinemaIds: [NORTE] }, { role: 'manager', cinemaIds: [NORTE] })).toBe(true);
  });
});
