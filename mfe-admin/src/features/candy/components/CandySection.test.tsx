import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import type { CandyItem } from '../api/candy';
import { CandySection } from './CandySection';

const nachos: CandyItem = {
  id: '64d000000000000000000001',
  name: 'COMBO NACHOS',
  price: 1250,
  picture: '/api/candy/pictures/nachos.svg',
  quantity: 50,
};
const cafe: CandyItem = { id: '64d000000000000000000002', name: 'cafe', price: 350, picture: '/api/candy/pictures/cafe.svg', quantity: 80 };

const page = (items: CandyItem[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });
const FIRST = '/api/candy?page=1&pageSize=25&sort=name';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('GET', '/api/candy', page([nachos, cafe]));
});

test('lists the items with picture, name and price in the cinema’s format', async () => {
  renderInPanel(<CandySection token="t" />, '/admin?seccion=candy');
  expect(screen.getByText('Cargando productos…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Productos' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Imagen', 'Producto ▲', 'Precio ↕', 'Detail']);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('COMBO NACHOS$ 12,50');
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('cafe$ 3,50');
});

test("searches with 'Buscar' and shows everything again with 'Ver todos'", async () => {
  api
    .on('GET', `${FIRST}&q=caf`, page([cafe]))
    .on('GET', `${FIRST}&q=zz`, page([]))
    .on('GET', '/api/candy?page=1&pageSize=25&sort=-price', page([nachos, cafe]));
  const user = userEvent.setup();
  renderInPanel(<CandySection token="t" />, '/admin?seccion=candy');
  await screen.findByRole('table');
  await user.type(screen.getByPlaceholderText('Buscar producto...'), 'caf');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  await user.clear(screen.getByPlaceholderText('Buscar producto...'));
  await user.type(screen.getByPlaceholderText('Buscar producto...'), 'zz');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(await screen.findByText('No hay productos cuyo nombre contenga «zz».')).toBeInTheDocument();
  expect(currentSearch()).toBe('?seccion=candy&q=zz');
  await user.click(screen.getByRole('button', { name: 'Ver todos' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  await user.click(screen.getByRole('button', { name: /Precio/ }));
  await user.click(screen.getByRole('button', { name: /Precio/ }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: /Precio/ })).toHaveAttribute('aria-sort', 'descending'));
  expect(currentSearch()).toBe('?seccion=candy&sort=-price');
});

test("'Agregar nuevo' shows the four §5 messages, uploads the picture and creates the item with its name and the price in cents", async () => {
  api
    .on('POST', '/api/uploads', { status: 201, body: { secure_url: '/api/uploads/64e000000000000000000001' } })
    .on('POST', '/api/candy', { status: 201, body: { ...cafe, id: 'new', name: 'Pochoclo' } });
  const user = userEvent.setup();
  renderInPanel(<CandySection token="t" />, '/admin?seccion=candy');
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar nuevo' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar producto' });
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  for (const message of [
    'Por favor ingresa un nombre *',
    'Por favor ingresa la cantidad *',
    'Por favor ingresa un precio *',
    'Por favor ingresa una imagen *',
  ]) {
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  }

  await user.type(within(dialog).getByLabelText('Nombre'), 'Pochoclo');
  await user.type(within(dialog).getByLabelText('Cantidad'), '120');
  await user.type(within(dialog).getByLabelText('Precio (ARS)'), '7.80');
  await user.upload(within(dialog).getByLabelText('Imagen'), new File(['png'], 'pochoclo.png', { type: 'image/png' }));
  expect(await within(dialog).findByRole('img', { name: 'Imagen elegida' })).toHaveAttribute(
    'src',
    '/api/uploads/64e000000000000000000001',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));

  expect(await within(dialog).findByText('Producto creado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/candy').body).toEqual({
    name: 'Pochoclo',
    quantity: '120',
    price: 780,
    picture: '/api/uploads/64e000000000000000000001',
  });
  expect(api.requestsTo('GET', FIRST)).toHaveLength(2);
});

test('edits an item (sent back whole) and deletes one after confirmation', async () => {
  api
    .on('PUT', `/api/candy/${cafe.id}`, { status: 200, body: { ...cafe, price: 400 } })
    .on('DELETE', `/api/candy/${nachos.id}`, { status: 200, body: { message: 'Producto eliminado.' } });
  const user = userEvent.setup();
  renderInPanel(<CandySection token="t" />, '/admin?seccion=candy');
  await user.click(await screen.findByRole('button', { name: 'Modificar cafe' }));
  const edit = screen.getByRole('dialog', { name: 'Modificar cafe' });
  expect(within(edit).getByLabelText('Precio (ARS)')).toHaveValue(3.5);
  await user.clear(within(edit).getByLabelText('Precio (ARS)'));
  await user.type(within(edit).getByLabelText('Precio (ARS)'), '4');
  await user.click(within(edit).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(edit).findByText('Producto actualizado con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', `/api/candy/${cafe.id}`).body).toEqual({ ...cafe, quantity: '80', price: 400 });
  await user.keyboard('{Escape}');

  await user.click(await screen.findByRole('button', { name: 'Borrar COMBO NACHOS' }));
  const confirm = screen.getByRole('dialog', { name: 'Borrar Producto' });
  await user.click(within(confirm).getByRole('button', { name: 'Borrar' }));
  await waitFor(() => expect(api.requestsTo('DELETE', `/api/candy/${nachos.id}`)).toHaveLength(1));
});

test("the info button opens 'Detalles de ventas de {name}' with the item's sales by day, a day filter and 'Ver todos'", async () => {
  api
    .on('GET', `/api/sales/candy?itemId=${nachos.id}`, {
      status: 200,
      body: [
        { itemId: nachos.id, name: 'COMBO NACHOS', day: '2026-03-12', quantity: 3, totalPrice: 3750 },
        { itemId: nachos.id, name: 'COMBO NACHOS', day: '2026-03-11', quantity: 1, totalPrice: 1250 },
      ],
    })
    .on('GET', `/api/sales/candy?itemId=${nachos.id}&day=2026-03-10`, { status: 200, body: [] });
  const user = userEvent.setup();
  renderInPanel(<CandySection token="t" />, '/admin?seccion=candy');
  await user.click(await screen.findByRole('button', { name: 'Detalles de ventas de COMBO NACHOS' }));
  const dialog = screen.getByRole('dialog', { name: 'Detalles de ventas de COMBO NACHOS' });
  const table = await within(dialog).findByRole('table');
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['FechaCantidadTotal', '12/03/20263$\u00a037,50', '11/03/20261$\u00a012,50']);

  await user.type(within(dialog).getByLabelText('Día'), '2026-03-10');
  expect(await within(dialog).findByText('No hubo ventas de este producto ese día.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Ver todos' }));
  expect(await within(dialog).findByRole('table')).toBeInTheDocument();
});
