import type { SeatLayout, ShowPrice } from '@cine/contracts';
import { pricesOnSale, seatPricing, ticketRequests, ticketTypesOf, totalOf, typesSummary } from './ticketTypes';

const prices: ShowPrice[] = [
  { type: 'general', name: 'General', description: '', requiresId: false, price: 1400 },
  { type: 'menor', name: 'Menor', description: '', requiresId: false, price: 1000 },
  { type: 'jubilado', name: 'Jubilado', description: '', requiresId: true, price: 1100 },
];

const layout: SeatLayout = { rows: [3, 3], aisles: [], wheelchair: ['A1'], categories: { A1: 'wheelchair', B1: 'premium', B2: 'premium' } };

describe('ticket types in the purchase', () => {
  test('a show without prices (older data) sells General alone at its price', () => {
    expect(pricesOnSale({ price: 850, prices: [] })).toEqual([
      { type: 'general', name: 'General', description: '', requiresId: false, price: 850 },
    ]);
  });

  test('one type per ticket in the order the show lists its types, their total and summary', () => {
    const counts = { jubilado: 1, general: 2 };
    expect(ticketTypesOf(prices, counts)).toEqual(['general', 'general', 'jubilado']);
    expect(totalOf(prices, counts)).toBe(3900);
    expect(typesSummary(prices, counts)).toBe('2 General y 1 Jubilado');
    expect(typesSummary(prices, { menor: 3 })).toBe('3 Menor');
  });

  test('the types go to the chosen seats in room order, or alone when the server picks the seats', () => {
    expect(ticketRequests(['general', 'menor'], ['F10', 'F9'])).toEqual([
      { seatLabel: 'F9', type: 'general' },
      { seatLabel: 'F10', type: 'menor' },
    ]);
    expect(ticketRequests(['general', 'menor'])).toEqual([{ type: 'general' }, { type: 'menor' }]);
  });

  test("each seat's price: its type's plus its category's surcharge; unknown while the map does not say the surcharges", () => {
    const known = seatPricing(prices, ['general', 'menor'], ['B2', 'B1'], layout, { premium: 300 });
    expect(known.byLabel).toMatchObject({ A1: 1400, A2: 1400, B1: 1700, B2: 1300, B3: 1400 });
    expect(known.selection).toBe(3000);

    const unknown = seatPricing(prices, ['general'], ['B1'], layout, undefined);
    expect(unknown.byLabel.A2).toBe(1400);
    expect(unknown.byLabel.B1).toBeUndefined();
    expect(unknown.selection).toBeUndefined();
  });
});
