import { CINEMA_MESSAGES, type SeatLayout } from '@cine/contracts';
import {
  emptyCinemaForm,
  LAYOUT_MESSAGES,
  layoutFormOf,
  layoutSummary,
  parseLayout,
  validateCinemaForm,
  withStoredCompanions,
  CINEMA_FORM_MESSAGES,
} from './layoutForm';

describe('the layout editor', () => {
  test('rows as seat counts, aisles, wheelchair spaces and premium rows make a layout', () => {
    const parsed = parseLayout({ rows: '8, 10, 10', aisles: '4 , 4, 2', wheelchair: 'a1, A2', premiumRows: 'a, C' });
    expect(parsed).toEqual({
      layout: {
        rows: [8, 10, 10],
        aisles: [2, 4],
        wheelchair: ['A1', 'A2'],
        categories: Object.fromEntries([
          ...['A3', 'A4', 'A5', 'A6', 'A7', 'A8'].map((label) => [label, 'premium']),
          ...Array.from({ length: 10 }, (_, index) => [`C${index + 1}`, 'premium']),
        ]),
      },
    });
    if ('layout' in parsed) expect(layoutSummary(parsed.layout)).toBe('28 butacas en 3 filas');
  });

  test('each field that does not describe the room says why', () => {
    expect(parseLayout({ rows: '', aisles: '', wheelchair: '', premiumRows: '' })).toEqual({ errors: { rows: LAYOUT_MESSAGES.rows } });
    expect(parseLayout({ rows: '10, 0', aisles: '', wheelchair: '', premiumRows: '' })).toEqual({
      errors: { rows: LAYOUT_MESSAGES.rowsInvalid },
    });
    expect(parseLayout({ rows: Array(27).fill('5').join(','), aisles: '', wheelchair: '', premiumRows: '' })).toEqual({
      errors: { rows: LAYOUT_MESSAGES.rowsInvalid },
    });
    expect(parseLayout({ rows: '6, 6', aisles: '6', wheelchair: 'C1', premiumRows: 'C' })).toEqual({
      errors: { aisles: LAYOUT_MESSAGES.aisles, wheelchair: LAYOUT_MESSAGES.wheelchair, premiumRows: LAYOUT_MESSAGES.premiumRows },
    });
  });

  test('a saved layout comes back to the editor as it was typed', () => {
    const values = { rows: '8, 10, 10', aisles: '2, 4', wheelchair: 'A1, A2', premiumRows: 'A, C' };
    const parsed = parseLayout(values);
    if (!('layout' in parsed)) throw new Error('a valid layout');
    expect(layoutFormOf(parsed.layout)).toEqual(values);
  });

  test('keeps the stored companion seats whose seat and wheelchair space are still there', () => {
    const stored: SeatLayout = {
      rows: [6, 6],
      aisles: [],
      wheelchair: ['A1', 'B6'],
      categories: { A1: 'wheelchair', A2: 'companion', B6: 'wheelchair', B5: 'companion' },
      companions: { A2: 'A1', B5: 'B6' },
    };
    const edited = parseLayout({ rows: '6, 6, 8', aisles: '', wheelchair: 'A1, B6', premiumRows: 'A' });
    if (!('layout' in edited)) throw new Error('a valid layout');
    const kept = withStoredCompanions(edited.layout, stored);
    expect(kept.companions).toEqual({ A2: 'A1', B5: 'B6' });
    expect(kept.categories).toMatchObject({ A2: 'companion', A3: 'premium', B5: 'companion' });
    // A space gone, or a companion seat gone or now a space itself: that pair is not kept.
    const fewer = parseLayout({ rows: '6, 4', aisles: '', wheelchair: 'A2', premiumRows: '' });
    if (!('layout' in fewer)) throw new Error('a valid layout');
    expect(withStoredCompanions(fewer.layout, stored)).toEqual(fewer.layout);
    expect(withStoredCompanions(edited.layout, undefined)).toEqual(edited.layout);
  });
});

describe('the cinema form', () => {
  const valid = {
    slug: 'norte',
    name: 'Cine Norte',
    city: 'Buenos Aires',
    address: 'Av. Maipú 2500',
    hours: '12 a 24 h',
    timeZone: 'Europe/Madrid',
  };

  test('every field is required; the slug and the IANA zone are checked as booking checks them', () => {
    expect(Object.keys(validateCinemaForm(emptyCinemaForm))).toEqual(['slug', 'name', 'city', 'address', 'hours', 'timeZone']);
    expect(validateCinemaForm(valid)).toEqual({});
    expect(validateCinemaForm({ ...valid, slug: 'Cine Norte' })).toEqual({ slug: CINEMA_FORM_MESSAGES.slugInvalid });
    expect(validateCinemaForm({ ...valid, timeZone: '+01:00' })).toEqual({ timeZone: CINEMA_MESSAGES.invalidTimeZone });
    expect(validateCinemaForm({ ...valid, timeZone: 'Marte/Olympus' })).toEqual({ timeZone: CINEMA_MESSAGES.invalidTimeZone });
  });
});
