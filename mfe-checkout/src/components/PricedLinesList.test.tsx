import type { PricedLine } from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import { PricedLinesList } from './PricedLinesList';

const lines: PricedLine[] = [
  { seatLabel: 'K7', type: 'general', typeName: 'General', category: 'standard', base: 1400, surcharges: [], total: 1400 },
  {
    seatLabel: 'L3',
    type: 'menor',
    typeName: 'Menor (hasta 12 años)',
    category: 'premium',
    base: 1000,
    surcharges: [
      { reason: 'Formato 3D', amount: 200 },
      { reason: 'Butaca premium', amount: 300 },
    ],
    total: 1500,
  },
];

test('lists each line: seat and type with its total, then its base price and each surcharge when it has any', () => {
  render(<PricedLinesList lines={lines} label="Tus entradas y sus precios" />);
  const [plain, surcharged] = within(screen.getByRole('list', { name: 'Tus entradas y sus precios' })).getAllByRole('listitem');
  expect(plain).toHaveTextContent(/^Butaca K7 · General\$ 14,00$/);
  expect(surcharged).toHaveTextContent('Butaca L3 · Menor (hasta 12 años)$ 15,00');
  const detail = within(surcharged as HTMLElement).getAllByRole('term');
  expect(detail.map((term) => term.textContent)).toEqual(['Precio base', 'Formato 3D', 'Butaca premium']);
  expect(
    within(surcharged as HTMLElement)
      .getAllByRole('definition')
      .map((value) => value.textContent?.replace(/\u00a0/g, ' ')),
  ).toEqual(['$ 10,00', '+ $ 2,00', '+ $ 3,00']);
});
