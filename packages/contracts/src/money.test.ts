import { formatMoney, isMoneyFormat } from './money';

// Intl separates the symbol with a no-break space.
const text = (value: string) => value.replace(/\u00a0/g, ' ');

test.each([
  [1250, '$ 12,50'],
  [1205, '$ 12,05'],
  [5, '$ 0,05'],
  [0, '$ 0,00'],
  [123456, '$ 1.234,56'],
  [-250, '-$ 2,50'],
])('%i cents read %s in the default es-AR pesos', (cents, expected) => {
  expect(text(formatMoney(cents))).toBe(expected);
});

test('the locale and currency are the configuration’s', () => {
  expect(text(formatMoney(1250, { locale: 'en-US', currency: 'USD' }))).toBe('$12.50');
  expect(text(formatMoney(1250, { locale: 'es-ES', currency: 'EUR' }))).toBe('12,50 €');
  expect(text(formatMoney(123456, { locale: 'es-MX', currency: 'MXN' }))).toBe('$1,234.56');
});

test('a configuration Intl does not accept is told apart', () => {
  expect(isMoneyFormat({ locale: 'es-AR', currency: 'ARS' })).toBe(true);
  expect(isMoneyFormat({ locale: 'es-AR', currency: 'pesos' })).toBe(false);
  expect(isMoneyFormat({ locale: 'no es un locale!', currency: 'ARS' })).toBe(false);
});
