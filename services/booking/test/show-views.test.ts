import { FIRST_CINEMA_ID } from '@cine/contracts';
import type { ListedShow } from '../src/shows/show-listing';
import { ListedShowTexts, toListedShowView } from '../src/shows/show-views';
import { showDocument } from './helpers';

/** A listed show with 10 seats sold and 5 held until 20:10. */
function listedShow(fields: Partial<ListedShow> = {}): ListedShow {
  const { seats: _seats, holdsExpireAt: _earliest, ...show } = showDocument();
  return { ...show, available: 85, holds: [{ until: new Date('2026-07-01T23:10:00Z'), seats: 5 }], ...fields };
}

const centro = { id: FIRST_CINEMA_ID, slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' };
const beforeLapse = new Date('2026-07-01T23:05:00Z');
const afterLapse = new Date('2026-07-01T23:11:00Z');

describe("a listed show's JSON in the listing's text", () => {
  it('is its view as the API shows it, as the clock lets its holds lapse and as its title changes', () => {
    const texts = new ListedShowTexts();
    const show = listedShow();
    for (const [title, now] of [
      ['Dune', beforeLapse],
      ['Dune', beforeLapse],
      ['Dune', afterLapse],
      ['Dune: Parte Dos', afterLapse],
    ] as const) {
      expect(texts.textOf(show, title, now, centro)).toBe(JSON.stringify(toListedShowView(show, title, now, centro)));
    }
    expect(JSON.parse(texts.textOf(show, 'Dune', beforeLapse, centro)).seats).toBe(85);
    expect(JSON.parse(texts.textOf(show, 'Dune', afterLapse, centro)).seats).toBe(90);
  });

  it('names its cinema, made again when the cinema changes (a renamed cinema is a new object)', () => {
    const texts = new ListedShowTexts();
    const show = listedShow();
    expect(JSON.parse(texts.textOf(show, 'Dune', beforeLapse, centro))).toMatchObject({ cinemaId: FIRST_CINEMA_ID, cinema: centro });
    const renamed = { ...centro, name: 'Cine Centro Olivos' };
    expect(JSON.parse(texts.textOf(show, 'Dune', beforeLapse, renamed)).cinema.name).toBe('Cine Centro Olivos');
  });

  it("is a new summary's (a write brings one) even when the free seats and title are the same", () => {
    const texts = new ListedShowTexts();
    const show = listedShow();
    texts.textOf(show, 'Dune', beforeLapse, centro);
    const moved = { ...show, schedule: '21:00', price: 1200 };
    expect(JSON.parse(texts.textOf(moved, 'Dune', beforeLapse, centro))).toMatchObject({ schedule: '21:00', price: 1200, seats: 85 });
  });
});
