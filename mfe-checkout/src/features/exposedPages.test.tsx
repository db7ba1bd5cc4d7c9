import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ana } from '../test/fixtures';
import CajaPage from './caja/components/CajaPage';
import CandyModalPage from './candy/components/CandyModalPage';

test('the CandyModal demo opens its modal with placeholder text; it closes and opens again', async () => {
  render(
    <MemoryRouter>
      <CandyModalPage session={ana} />
    </MemoryRouter>,
  );
  const dialog = screen.getByRole('dialog', { name: '¡Disfruta de tu funcion con estas promos!' });
  expect(dialog).toHaveTextContent(/combos de la dulcería/);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Ver promos' }));
  expect(screen.getByRole('dialog', { name: '¡Disfruta de tu funcion con estas promos!' })).toBeInTheDocument();
});

test('caja is an empty page', () => {
  render(<CajaPage session={ana} />);
  expect(screen.getByRole('main', { name: 'Caja' })).toBeEmptyDOMElement();
});
