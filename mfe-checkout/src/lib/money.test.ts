import { formatCents } from './money';

test.each([
  [1250, '12.50'],
  [1205, '12.05'],
  [5, '0.05'],
  [0, '0.00'],
  [100, '1.00'],
  [123456, '1234.56'],
  [-250, '-2.50'],
])('%i cents read %s', (cents, text) => {
  expect(formatCents(cents)).toBe(text);
});
