import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceCard, Surcharges, TicketType } from '@cine/contracts';
import { renderInPanel } from '../../../test/inPanel';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { PricingSection } from './PricingSection';

const general: TicketType = { code: 'general', name: 'General', description: '', requiresId: false, active: true };
const jubilado: TicketType = {
  code: 'jubilado',
  name: 'Jubilado',
  description: 'Presentar DNI o credencial en la entrada',
  requiresId: true,
  active: true,
};
const tarifaGeneral: PriceCard = { id: 'c1', name: 'Tarifa general', priority: 0, rules: {}, prices: { general: 900, jubilado: 600 } };
const matine: PriceCard = { id: 'c2', name: 'Matiné', priority: 10, rules: { to: '15:00' }, prices: { general: 700 } };
const surcharges: Surcharges = { formats: { '3D': 200 }, categories: { premium: 300 } };

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/pricing/ticket-types', { status: 200, body: [general, jubilado] })
    .on('GET', '/api/pricing/cards', { status: 200, body: [tarifaGeneral, matine] })
    .on('GET', '/api/pricing/surcharges', { status: 200, body: surcharges });
});

const render = () => renderInPanel(<PricingSection token="t" />, '/admin?seccion=tarifas');

test('lists the types, the cards (highest priority first, rules and prices in words) and the surcharges in pesos', async () => {
  render();
  expect(screen.getByText('Cargando tipos de entrada…')).toHaveAttribute('role', 'status');
  const types = await screen.findByRole('table', { name: 'Tipos de entrada' });
  expect(within(types).getAllByRole('row')[2]).toHaveTextContent('jubiladoJubiladoPresentar DNI o credencial en la entradaSíActivo');
  const cards = await screen.findByRole('table', { name: 'Tarifas' });
  expect(within(cards).getAllByRole('row')[1]).toHaveTextContent('Matiné10antes de 15:00General $ 7,00');
  expect(within(cards).getAllByRole('row')[2]).toHaveTextContent('Tarifa general0SiempreGeneral $ 9,00 · Jubilado $ 6,00');
  expect(await screen.findByLabelText('Formato 3D')).toHaveValue('2,00');
  expect(screen.getByLabelText('Butaca premium')).toHaveValue('3,00');
});

test('tells a failed load with Reintentar, and an empty list', async () => {
  api.on('GET', '/api/pricing/ticket-types', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible.' } });
  api.on('GET', '/api/pricing/cards', { status: 200, body: [] });
  render();
  expect(await screen.findByText(/No se pudieron cargar los tipos de entrada\. Servicio no disponible\./)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  expect(await screen.findByText('No hay tarifas cargadas.')).toBeInTheDocument();
});

test('adds a ticket type: the fields are checked first, then it is sent and the list read again', async () => {
  const created: unknown[] = [];
  api.on('POST', '/api/pricing/ticket-types', (request) => {
    created.push(request.body);
    return { status: 201, body: request.body };
  });
  const user = userEvent.setup();
  render();
  await screen.findByRole('table', { name: 'Tipos de entrada' });
  await user.click(screen.getByRole('button', { name: 'Agregar tipo' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar tipo de entrada' });
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(within(dialog).getByLabelText('Código')).toHaveAccessibleDescription('Por favor ingresa un código *');
  expect(within(dialog).getByLabelText('Nombre')).toHaveAccessibleDescription('Por favor ingresa un nombre *');
  await user.type(within(dialog).getByLabelText('Código'), 'Estudiante!');
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(within(dialog).getByLabelText('Código')).toHaveAccessibleDescription(/de 2 a 24 letras minúsculas/);
  expect(created).toEqual([]);

  await user.clear(within(dialog).getByLabelText('Código'));
  await user.type(within(dialog).getByLabelText('Código'), 'estudiante');
  await user.type(within(dialog).getByLabelText('Nombre'), 'Estudiante');
  await user.click(within(dialog).getByLabelText('Pide DNI en la entrada'));
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(await within(dialog).findByText('Tipo de entrada creado con éxito.')).toBeInTheDocument();
  expect(created).toEqual([{ code: 'estudiante', name: 'Estudiante', description: '', requiresId: true, active: true }]);
  expect(api.requestsTo('GET', '/api/pricing/ticket-types')).toHaveLength(2);
});

test("deactivates a type, and shows the server's refusal to delete one in use", async () => {
  api
    .on('PUT', '/api/pricing/ticket-types/jubilado', (request) => ({
      status: 200,
      body: { code: 'jubilado', ...(request.body as object) },
    }))
    .on('DELETE', '/api/pricing/ticket-types/jubilado', {
      status: 409,
      body: { statusCode: 409, error: 'El tipo de entrada «Jubilado» está en uso: desactívalo en lugar de borrarlo.' },
    });
  const user = userEvent.setup();
  render();
  await screen.findByRole('table', { name: 'Tipos de entrada' });
  await user.click(screen.getByRole('button', { name: 'Desactivar Jubilado' }));
  await waitFor(() => expect(api.requestsTo('PUT', '/api/pricing/ticket-types/jubilado')).toHaveLength(1));
  expect(api.onlyRequestTo('PUT', '/api/pricing/ticket-types/jubilado').body).toEqual({
    name: 'Jubilado',
    description: 'Presentar DNI o credencial en la entrada',
    requiresId: true,
    active: false,
  });

  await user.click(screen.getByRole('button', { name: 'Borrar Jubilado' }));
  const confirm = screen.getByRole('dialog', { name: 'Borrar tipo de entrada' });
  await user.click(within(confirm).getByRole('button', { name: 'Borrar' }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent(
    'El tipo de entrada «Jubilado» está en uso: desactívalo en lugar de borrarlo.',
  );
});

test('adds a card with its rules and a price per type in pesos; a bad price is told, an overlap refused by the server is shown', async () => {
  const sent: unknown[] = [];
  let refuse = true;
  api.on('POST', '/api/pricing/cards', (request) => {
    sent.push(request.body);
    return refuse
      ? { status: 409, body: { statusCode: 409, error: 'Otra tarifa de la misma prioridad, «Matiné», se aplica a las mismas funciones.' } }
      : { status: 201, body: { id: 'c3', ...(request.body as object) } };
  });
  const user = userEvent.setup();
  render();
  await screen.findByRole('table', { name: 'Tarifas' });
  await user.click(screen.getByRole('button', { name: 'Agregar tarifa' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar tarifa' });
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(within(dialog).getByLabelText('Nombre')).toHaveAccessibleDescription('Por favor ingresa un nombre *');
  expect(within(dialog).getByText('Indica el precio de al menos un tipo de entrada.')).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('Nombre'), 'Día del espectador');
  await user.clear(within(dialog).getByLabelText(/Prioridad/));
  await user.type(within(dialog).getByLabelText(/Prioridad/), '20');
  await user.click(within(dialog).getByLabelText('Miércoles'));
  await user.click(within(dialog).getByLabelText('3D'));
  await user.type(within(dialog).getByLabelText('General'), '5,5x');
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(within(dialog).getByLabelText('General')).toHaveAccessibleDescription(/El precio debe ser un monto/);
  expect(sent).toEqual([]);

  await user.clear(within(dialog).getByLabelText('General'));
  await user.type(within(dialog).getByLabelText('General'), '5,50');
  await user.type(within(dialog).getByLabelText('Jubilado'), '5');
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('«Matiné»');
  expect(sent).toEqual([
    {
      name: 'Día del espectador',
      priority: 20,
      prices: { general: 550, jubilado: 500 },
      rules: { weekdays: ['Miércoles'], formats: ['3D'] },
    },
  ]);

  refuse = false;
  await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
  expect(await within(dialog).findByText('Tarifa creada con éxito.')).toBeInTheDocument();
});

test('saves the surcharges in cents; a blank amount is no surcharge', async () => {
  api.on('PUT', '/api/pricing/surcharges', (request) => ({ status: 200, body: request.body }));
  const user = userEvent.setup();
  render();
  const threeD = await screen.findByLabelText('Formato 3D');
  await user.clear(threeD);
  await user.type(threeD, '2,50');
  await user.type(screen.getByLabelText('Butaca de acompañante'), 'abc');
  await user.click(screen.getByRole('button', { name: 'Guardar recargos' }));
  expect(screen.getByLabelText('Butaca de acompañante')).toHaveAccessibleDescription(/El recargo debe ser un monto/);
  await user.clear(screen.getByLabelText('Butaca de acompañante'));
  await user.click(screen.getByRole('button', { name: 'Guardar recargos' }));
  expect(await screen.findByText('Recargos guardados con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', '/api/pricing/surcharges').body).toEqual({ formats: { '3D': 250 }, categories: { premium: 300 } });
});
