import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import CajaPage from './caja/components/CajaPage';
import CandyModalPage from './candy/components/CandyModalPage';
import CandyPage from './candy/components/CandyPage';
import CheckoutPage from './checkout/components/CheckoutPage';

const session = { token: 't', userId: 'u1', username: 'ana', role: 'user' as const };
const renderPage = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);

test('candy page shows the spec heading', () => {
  renderPage(<CandyPage session={null} />);
  expect(screen.getByRole('heading', { name: 'Para que disfrutes tu funcion:' })).toBeInTheDocument();
});

test('checkout asks a guest to log in and tells a user there is nothing to pay', () => {
  const { unmount } = renderPage(<CheckoutPage session={null} />);
  expect(screen.getByText(/Debes iniciar sesion para Comprar/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  unmount();
  renderPage(<CheckoutPage session={session} />);
  expect(screen.getByText('No tienes compras pendientes de pago.')).toBeInTheDocument();
});

test('candy modal demo page renders its title', () => {
  renderPage(<CandyModalPage session={session} />);
  expect(screen.getByRole('heading', { name: '¡Disfruta de tu funcion con estas promos!' })).toBeInTheDocument();
});

test('caja is an empty page', () => {
  renderPage(<CajaPage session={session} />);
  const caja = screen.getByRole('main', { name: 'Caja' });
  expect(caja).toBeEmptyDOMElement();
});
