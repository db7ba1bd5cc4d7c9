import type { PricingData } from './showPricing';
import { previewPricing } from './showPricing';

const data: PricingData = {
  types: [
    { code: 'general', name: 'General', description: '', requiresId: false, active: true },
    { code: 'jubilado', name: 'Jubilado', description: 'Presentar DNI', requiresId: true, active: true },
    { code: 'viejo', name: 'Viejo', description: '', requiresId: false, active: false },
  ],
  cards: [
    { id: 'a', name: 'Tarifa general', priority: 0, rules: {}, prices: { general: 900, jubilado: 600, viejo: 100 } },
    { id: 'b', name: 'Matiné', priority: 10, rules: { to: '15:00' }, prices: { general: 700 } },
    {
      id: 'c',
      name: 'Navidad 3D',
      priority: 30,
      rules: { formats: ['3D'], dates: { from: '2026-12-24', to: '2026-12-25' } },
      prices: { general: 1 },
    },
  ],
  surcharges: { formats: { '3D': 200 }, categories: {} },
};

test('previews the card the rules give a show and its prices, the format surcharge added and inactive types left out', () => {
  expect(previewPricing(data, { date: '2026-12-01', time: '20:00', format: '2D' })).toEqual({
    card: data.cards[0],
    chosen: false,
    formatSurcharge: 0,
    prices: [
      { type: 'general', name: 'General', description: '', requiresId: false, price: 900 },
      { type: 'jubilado', name: 'Jubilado', description: 'Presentar DNI', requiresId: true, price: 600 },
    ],
  });
  expect(previewPricing(data, { date: '2026-12-01', time: '14:59', format: '3D' })?.prices.map((price) => price.price)).toEqual([900]);
  expect(previewPricing(data, { date: '2026-12-24', time: '14:00', format: '3D' })?.card.name).toBe('Navidad 3D');
});

test('a chosen card wins over the rules; nothing is previewed while the date, time or format is missing, or when no card applies', () => {
  expect(previewPricing(data, { date: '2026-12-01', time: '10:00', format: '2D' }, 'a')).toMatchObject({ chosen: true, card: { id: 'a' } });
  expect(previewPricing(data, { date: '', time: '10:00', format: '2D' })).toBeUndefined();
  expect(previewPricing({ ...data, cards: [data.cards[1]!] }, { date: '2026-12-01', time: '20:00', format: '2D' })).toBeUndefined();
});
