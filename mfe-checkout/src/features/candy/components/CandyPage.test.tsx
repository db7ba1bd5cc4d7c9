import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { candyItems, installFakeApi } from '../../../test/fixtures';
import CandyPage from './CandyPage';

test('shows every product with its picture and its price with the decimal point before the last two digits', async () => {
  installFakeApi().on('GET', '/api/candy', {
    status: 200,
    body: [...candyItems, { id: 'c3', name: 'cafe', price: 5, picture: '', quantity: 10 }],
  });
  render(<CandyPage session={null} />);

  expect(screen.getByRole('heading', { level: 1, name: 'Para que disfrutes tu funcion:' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Cargando productos...');
  const cards = await screen.findAllByRole('listitem');
  expect(cards).toHaveLength(3);
  expect(within(cards[0]!).getByRole('heading', { name: 'COMBO TRADICIONAL' })).toBeInTheDocument();
  expect(within(cards[0]!).getByText('Precio: $ 10,00')).toBeInTheDocument();
  expect(within(cards[1]!).getByRole('img', { name: 'COMBO NACHOS' })).toHaveAttribute('src', '/api/candy/images/nachos.svg');
  expect(within(cards[1]!).getByText('Precio: $ 12,50')).toBeInTheDocument();
  // No picture: a tile with the name stands in.
  expect(within(cards[2]!).getByRole('img', { name: 'cafe' })).toHaveTextContent('cafe');
  expect(within(cards[2]!).getByText('Precio: $ 0,05')).toBeInTheDocument();
});

test('a failed load shows the server message and Reintentar loads again', async () => {
  const api = installFakeApi().on('GET', '/api/candy', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible' } });
  render(<CandyPage session={null} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
  api.on('GET', '/api/candy', { status: 200, body: candyItems });
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Precio: $ 12,50')).toBeInTheDocument();
});

test('an empty store says there is nothing yet', async () => {
  installFakeApi().on('GET', '/api/candy', { status: 200, body: [] });
  render(<CandyPage session={null} />);
  expect(await screen.findByText('Todavía no hay productos de candy disponibles.')).toBeInTheDocument();
});
