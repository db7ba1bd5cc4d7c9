import { cancellationWindowMinutes, cinemaInfo, formatMoney, pageTitle } from './cinema';

const config = (cinema: object) => {
  (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__ = { cinema };
};
afterEach(() => {
  delete (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__;
});
const text = (value: string) => value.replace(/\u00a0/g, ' ');

test('money is the cinema’s: es-AR pesos unless /config.js says otherwise', () => {
  expect(text(formatMoney(4500))).toBe('$ 45,00');
  config({ locale: 'en-US', currency: 'USD' });
  expect(text(formatMoney(1200))).toBe('$12.00');
  config({ locale: 'es-ES', currency: 'EUR' });
  expect(text(formatMoney(1250))).toBe('12,50 €');
});

test('the cinema’s name, address and hours come from /config.js, blank fields keep the defaults', () => {
  expect(cinemaInfo().name).toBe('Cine');
  config({ name: 'Cine Lumière', address: '  ', hours: 'De 12 a 24' });
  expect(cinemaInfo()).toMatchObject({ name: 'Cine Lumière', hours: 'De 12 a 24', locale: 'es-AR', currency: 'ARS' });
  expect(cinemaInfo().address).toMatch(/Corrientes/);
  expect(pageTitle('Mis compras')).toBe('Cine Lumière — Mis compras');
  expect(pageTitle()).toBe('Cine Lumière');
});

test('the cancellation window is booking’s, from /config.js (120 minutes when missing or not a positive whole number)', () => {
  expect(cancellationWindowMinutes()).toBe(120);
  (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__ = { cancellationWindowMinutes: 45 };
  expect(cancellationWindowMinutes()).toBe(45);
  (globalThis as { __CINE_CONFIG__?: unknown }).__CINE_CONFIG__ = { cancellationWindowMinutes: -3 };
  expect(cancellationWindowMinutes()).toBe(120);
});
