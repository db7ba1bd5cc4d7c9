import type { PriceCard } from '@cine/contracts';
import {
  centsToPesos,
  emptyPriceCardForm,
  MESSAGES,
  pesosToCents,
  priceCardForm,
  rulesSummary,
  toPriceCardInput,
  toSurcharges,
  validatePriceCardForm,
  validateTicketTypeForm,
} from './pricingForm';

test('reads amounts typed in pesos into cents, from 0 to $ 100.000, and writes them back the site’s way', () => {
  expect(['9', '9,5', '9.50', '0', '100000'].map(pesosToCents)).toEqual([900, 950, 950, 0, 10_000_000]);
  expect(['', '-1', '9,555', '1.000,50', 'abc', '100000,01'].map(pesosToCents)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect([950, 0, 120000].map(centsToPesos)).toEqual(['9,50', '0,00', '1200,00']);
});

test('a ticket type needs a plain code and a name', () => {
  expect(validateTicketTypeForm({ code: '', name: ' ', description: '', requiresId: false, active: true })).toEqual({
    code: MESSAGES.codeMissing,
    name: MESSAGES.nameMissing,
  });
  expect(validateTicketTypeForm({ code: 'Menor', name: 'Menor', description: 'x'.repeat(201), requiresId: false, active: true })).toEqual({
    code: MESSAGES.codeInvalid,
    description: MESSAGES.descriptionTooLong,
  });
  expect(validateTicketTypeForm({ code: 'menor-12', name: 'Menor', description: '', requiresId: false, active: true })).toEqual({});
});

test('a card checks its priority, its time band, its period and each price', () => {
  const values = { ...emptyPriceCardForm, name: 'Matiné', priority: '1001', from: '16:00', to: '15:00', datesFrom: '2026-12-01' };
  expect(validatePriceCardForm({ ...values, prices: { general: '' } })).toEqual({
    priority: MESSAGES.priorityInvalid,
    from: MESSAGES.timesReversed,
    datesFrom: MESSAGES.datesIncomplete,
    prices: MESSAGES.noPrices,
  });
  expect(
    validatePriceCardForm({ ...values, priority: '10', from: '', datesTo: '2026-11-01', prices: { general: '7', menor: 'x' } }),
  ).toEqual({ datesFrom: MESSAGES.datesReversed, typePrices: { menor: MESSAGES.priceInvalid } });
});

test('a card goes to booking with the rules filled in and the prices typed, in cents, and comes back the same', () => {
  const card: PriceCard = {
    id: 'c',
    name: 'Día del espectador',
    priority: 20,
    prices: { general: 500, menor: 450 },
    rules: { weekdays: ['Miércoles'], from: '12:00', formats: ['2D'], dates: { from: '2026-12-01', to: '2026-12-31' } },
  };
  const values = priceCardForm(card);
  expect(values.prices).toEqual({ general: '5,00', menor: '4,50' });
  expect(toPriceCardInput({ ...values, prices: { ...values.prices, jubilado: '' } })).toEqual({
    name: card.name,
    priority: 20,
    prices: card.prices,
    rules: card.rules,
  });
  expect(rulesSummary(card.rules)).toBe('Miércoles · desde 12:00 · 2D · del 2026-12-01 al 2026-12-31');
  expect(rulesSummary({})).toBe('Siempre');
  expect(rulesSummary({ from: '10:00', to: '15:00' })).toBe('de 10:00 a 15:00');
});

test('a blank or zero surcharge is none', () => {
  expect(toSurcharges({ formats: { '2D': '', '3D': '2' }, categories: { premium: '3,5', companion: '0' } })).toEqual({
    formats: { '3D': 200 },
    categories: { premium: 350 },
  });
});
