import { fromPrice, priceLine, seatCategoryOf, type ShowPricing } from './priced-lines';
import { cardApplies, rulesOverlap, selectPriceCard, showPrices, type ShowSlot, type TicketType } from './pricing';

const wednesdayEvening: ShowSlot = { date: '2026-12-02', weekday: 'Miércoles', time: '19:30', format: '2D' };
const saturdayMorning: ShowSlot = { date: '2026-12-05', weekday: 'Sabado', time: '11:00', format: '3D' };

const general = { id: 'a', rules: {}, priority: 0 };
const matinee = { id: 'b', rules: { to: '15:00' }, priority: 10 };
const spectatorsDay = { id: 'c', rules: { weekdays: ['Miércoles' as const] }, priority: 20 };

describe('cardApplies', () => {
  it('matches every show when it has no rules', () => {
    expect(cardApplies({}, wednesdayEvening)).toBe(true);
  });
  it('matches the weekday', () => {
    expect(cardApplies({ weekdays: ['Miércoles'] }, wednesdayEvening)).toBe(true);
    expect(cardApplies({ weekdays: ['Miércoles'] }, saturdayMorning)).toBe(false);
  });
  it('takes the band from `from` (included) to `to` (excluded)', () => {
    expect(cardApplies({ from: '19:30' }, wednesdayEvening)).toBe(true);
    expect(cardApplies({ to: '19:30' }, wednesdayEvening)).toBe(false);
    expect(cardApplies({ from: '10:00', to: '15:00' }, saturdayMorning)).toBe(true);
  });
  it('matches the format', () => {
    expect(cardApplies({ formats: ['3D'] }, saturdayMorning)).toBe(true);
    expect(cardApplies({ formats: ['3D'] }, wednesdayEvening)).toBe(false);
  });
  it('matches the dates, both ends included', () => {
    expect(cardApplies({ dates: { from: '2026-12-02', to: '2026-12-02' } }, wednesdayEvening)).toBe(true);
    expect(cardApplies({ dates: { from: '2026-12-03', to: '2026-12-31' } }, wednesdayEvening)).toBe(false);
  });
});

describe('selectPriceCard', () => {
  it('picks the matching card of highest priority', () => {
    expect(selectPriceCard([general, matinee, spectatorsDay], wednesdayEvening)?.id).toBe('c');
    expect(selectPriceCard([general, matinee, spectatorsDay], saturdayMorning)?.id).toBe('b');
    expect(selectPriceCard([general, matinee, spectatorsDay], { ...saturdayMorning, time: '20:00' })?.id).toBe('a');
  });
  it('answers none when no card matches', () => {
    expect(selectPriceCard([matinee], wednesdayEvening)).toBeUndefined();
  });
  it('breaks a tie of priority by id', () => {
    expect(selectPriceCard([{ ...general, id: 'z' }, general], wednesdayEvening)?.id).toBe('a');
  });
});

describe('rulesOverlap', () => {
  it('finds rules that can match the same show', () => {
    expect(rulesOverlap({}, { weekdays: ['Lunes'] })).toBe(true);
    expect(rulesOverlap({ to: '15:00' }, { from: '14:00' })).toBe(true);
  });
  it('keeps apart disjoint weekdays, bands, formats and dates', () => {
    expect(rulesOverlap({ weekdays: ['Lunes'] }, { weekdays: ['Martes'] })).toBe(false);
    expect(rulesOverlap({ to: '15:00' }, { from: '15:00' })).toBe(false);
    expect(rulesOverlap({ formats: ['2D'] }, { formats: ['3D'] })).toBe(false);
    expect(rulesOverlap({ dates: { from: '2026-01-01', to: '2026-01-31' } }, { dates: { from: '2026-02-01', to: '2026-02-28' } })).toBe(
      false,
    );
  });
});

const types: TicketType[] = [
  { code: 'general', name: 'General', description: '', requiresId: false, active: true },
  { code: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, active: true },
  { code: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, active: false },
  { code: 'estudiante', name: 'Estudiante', description: '', requiresId: true, active: true },
];

describe('showPrices', () => {
  it('lists the active types the card prices, with the format surcharge', () => {
    expect(showPrices({ prices: { general: 1200, menor: 900, jubilado: 800 } }, types, 200)).toEqual([
      { type: 'general', name: 'General', description: '', requiresId: false, price: 1400 },
      { type: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, price: 1100 },
    ]);
  });
});

const pricing: ShowPricing = {
  card: { id: 'a', name: 'Tarifa general' },
  types: [
    { type: 'general', name: 'General', description: '', requiresId: false, base: 1200 },
    { type: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, base: 900 },
  ],
  format: '3D',
  formatSurcharge: 200,
  categorySurcharges: { premium: 300 },
};

describe('priceLine', () => {
  it('adds the format and the category surcharges to the base', () => {
    expect(priceLine(pricing, { seatLabel: 'L3', type: 'menor', category: 'premium' })).toEqual({
      seatLabel: 'L3',
      type: 'menor',
      typeName: 'Menor (hasta 12 años)',
      category: 'premium',
      base: 900,
      surcharges: [
        { reason: 'Formato 3D', amount: 200 },
        { reason: 'Butaca premium', amount: 300 },
      ],
      total: 1400,
    });
  });
  it('lists no surcharge that is zero', () => {
    const line = priceLine({ ...pricing, formatSurcharge: 0 }, { seatLabel: 'A1', type: 'general', category: 'standard' });
    expect(line).toMatchObject({ surcharges: [], total: 1200 });
  });
  it('answers none for a type the show does not sell', () => {
    expect(priceLine(pricing, { seatLabel: 'A1', type: 'jubilado', category: 'standard' })).toBeUndefined();
  });
});

describe('fromPrice', () => {
  it('is the General price with the format surcharge', () => {
    expect(fromPrice(pricing)).toBe(1400);
  });
  it('is the lowest price when General is not sold', () => {
    expect(fromPrice({ ...pricing, types: pricing.types.filter((type) => type.type !== 'general') })).toBe(1100);
  });
});

describe('seatCategoryOf', () => {
  const layout = { wheelchair: ['A1'], categories: { L3: 'premium' as const, A2: 'companion' as const } };
  it('reads the categories, then the wheelchair spaces', () => {
    expect(seatCategoryOf(layout, 'L3')).toBe('premium');
    expect(seatCategoryOf(layout, 'A2')).toBe('companion');
    expect(seatCategoryOf(layout, 'A1')).toBe('wheelchair');
    expect(seatCategoryOf(layout, 'C5')).toBe('standard');
  });
});
