import { generalPricing } from '@cine/web-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import type { PriceCard, TicketType } from '@cine/contracts';
import type { Show } from '../api/shows';
import { ShowsSection } from './ShowsSection';

const TOKEN = 'admin-token';
const show: Show = {
  id: '64c000000000000000000001',
  schedule: '18:30',
  day: 'Jueves',
  date: '2026-03-12',
  startsAt: '2026-03-12T21:30:00.000Z',
  movieId: '64b000000000000000000001',
  roomId: 2,
  type: '3D',
  price: 1200,
  ...generalPricing(1200),
  seats: 98,
  capacity: 100,
  movie: { Title: 'Matrix' },
  cinemaId: 'c1e000000000000000000001',
  cinema: { id: 'c1e000000000000000000001', slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' },
};
const movie = { id: show.movieId, Title: 'Matrix' };
const FIRST = '/api/show/all?page=1&pageSize=25&sort=startsAt';
const page = (items: Show[], total = items.length) => ({ status: 200, body: { items, total, page: 1, pageSize: 25 } });

const ticketTypes: TicketType[] = [
  { code: 'general', name: 'General', description: '', requiresId: false, active: true },
  { code: 'menor', name: 'Menor (hasta 12 años)', description: '', requiresId: false, active: true },
  { code: 'estudiante', name: 'Estudiante', description: '', requiresId: true, active: false },
];
const cards: PriceCard[] = [
  { id: 'c1', name: 'Tarifa general', priority: 0, rules: {}, prices: { general: 900, menor: 700, estudiante: 650 } },
  { id: 'c2', name: 'Matiné', priority: 10, rules: { to: '15:00' }, prices: { general: 700, menor: 500 } },
  { id: 'c3', name: 'Día del espectador', priority: 20, rules: { weekdays: ['Miércoles'] }, prices: { general: 500, menor: 500 } },
];

const renderSection = () => renderInPanel(<ShowsSection token={TOKEN} />, '/admin?seccion=funciones');

/** An element's text with the money's no-break space as a plain one. */
const spaced = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/show/all', page([show]))
    .on('GET', '/api/show/occupancy', { status: 200, body: [{ showId: show.id, capacity: 100, sold: 1, held: 1, free: 98, admitted: 0 }] })
    .on('GET', `/api/show/${show.id}/seats`, {
      status: 200,
      body: {
        showId: show.id,
        roomId: 2,
        version: 3,
        layout: { rows: [4, 4], aisles: [], wheelchair: ['A1'] },
        taken: { B2: 'sold', B3: 'held' },
      },
    })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } })
    .on('GET', '/api/movies/billboard', { status: 200, body: [movie] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', '/api/pricing/cards', { status: 200, body: cards })
    .on('GET', '/api/pricing/ticket-types', { status: 200, body: ticketTypes })
    .on('GET', '/api/pricing/surcharges', { status: 200, body: { formats: { '3D': 200 }, categories: { premium: 300 } } });
});
afterEach(() => jest.useRealTimers());

test('lists the upcoming shows with the spec columns', async () => {
  renderSection();
  expect(screen.getByText('Cargando funciones…')).toHaveAttribute('role', 'status');
  const table = await screen.findByRole('table', { name: 'Funciones' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Horarios ▲', 'Dia', 'Pelicula ↕', 'Sala ↕', 'Tipo ↕', 'Asientos ↕', 'Ocupación', 'Modificar']);
  expect(within(table).getByRole('columnheader', { name: /Horarios/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
    /18:30\s*Jueves 12\/03\s*Matrix\s*2 · Cine Centro\s*3D\s*98 libres de 100/,
  );
  await within(table).findByText('1 vendido · 1 reservado');
  expect(within(table).getByText('ingresaron 0 de 1')).toBeInTheDocument();
});

test("'Cancelar' is in the occupancy's cell, away from the trash button of the delete", async () => {
  renderSection();
  const table = await screen.findByRole('table', { name: 'Funciones' });
  const row = (await within(table).findAllByRole('row'))[1] as HTMLElement;
  const cells = within(row).getAllByRole('cell');
  const cancel = within(row).getByRole('button', { name: 'Cancelar la función de Matrix del Jueves a las 18:30' });
  const remove = within(row).getByRole('button', { name: 'Borrar la función de Matrix del Jueves a las 18:30' });
  expect(cells[6]).toContainElement(cancel);
  expect(cells[7]).toContainElement(remove);
  expect(cells[7]).not.toContainElement(cancel);
});

test("opens a show's seat map, read-only, with its sold, held and free seats", async () => {
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Ver mapa de asientos de la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Mapa de asientos: Matrix, Jueves 18:30, sala 2' });
  const grid = await within(dialog).findByRole('grid', { name: 'Asientos de la sala 2' });
  expect(grid).toHaveAttribute('aria-readonly', 'true');
  expect(within(dialog).getByText('1 vendidos · 1 reservados · 6 libres')).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: 'Fila B, asiento 2, vendido' })).toHaveAttribute('aria-disabled', 'true');
  expect(within(grid).getByRole('button', { name: 'Fila B, asiento 3, reservado' })).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: 'Fila A, asiento 1, espacio para silla de ruedas, libre' })).not.toHaveAttribute(
    'aria-pressed',
  );
});

test('filters by days, movie, room and format and sorts by a column on the server; the URL keeps them', async () => {
  const filtered = '/api/show/all?page=1&pageSize=25&sort=startsAt&from=2026-03-13&movieId=64b000000000000000000001&roomId=2&type=3D';
  const friday: Show = { ...show, id: '64c000000000000000000002', day: 'Viernes', date: '2026-03-13', schedule: '20:00' };
  api.on('GET', filtered, page([friday]));
  api.on('GET', `${filtered.replace('sort=startsAt', 'sort=-seats')}`, page([friday]));
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.type(screen.getByLabelText('Desde'), '2026-03-13');
  await screen.findByRole('option', { name: 'Matrix' });
  await user.selectOptions(screen.getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(screen.getByLabelText('Sala'), '2');
  await user.selectOptions(screen.getByLabelText('Tipo'), '3D');
  await waitFor(() => expect(api.requestsTo('GET', filtered)).toHaveLength(1));
  expect(await screen.findByText('20:00')).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: /Asientos/ }));
  await user.click(screen.getByRole('button', { name: /Asientos/ }));
  await waitFor(() => expect(screen.getByRole('columnheader', { name: /Asientos/ })).toHaveAttribute('aria-sort', 'descending'));
  expect(currentSearch()).toBe('?seccion=funciones&from=2026-03-13&movieId=64b000000000000000000001&roomId=2&type=3D&sort=-seats');

  await user.click(screen.getByRole('button', { name: 'Ver todas' }));
  await waitFor(() => expect(currentSearch()).toBe('?seccion=funciones&sort=-seats'));
});

test('no shows and a failed load say so in Spanish', async () => {
  api.on('GET', '/api/show/all', page([]));
  const { unmount } = renderSection();
  expect(await screen.findByText('No hay funciones programadas.')).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/show/all', { status: 500, body: { statusCode: 500, error: 'Hubo problemas. Intente nuevamente.' } });
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las funciones. Hubo problemas. Intente nuevamente.');
});

test("'Crear Funciones' shows the five §5 messages and the price's, creates the show on a date at a price, reloads the list and shows the green message for 5 s", async () => {
  api.on('POST', '/api/show', { status: 201, body: show });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  jest.useFakeTimers();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  const dialog = screen.getByRole('dialog', { name: 'Crear Funciones' });
  const form = await within(dialog).findByRole('form', { name: 'Crear Funciones' });
  await user.click(within(form).getByRole('button', { name: 'Crear función' }));
  for (const message of [
    'Por favor ingresa un horario inicial *',
    'Por favor seleccione una pelicula *',
    'Por favor seleccione una sala *',
    'Por favor seleccione un dia *',
    'Por favor seleccione un tipo *',
  ]) {
    expect(within(form).getByText(message)).toBeInTheDocument();
  }

  await user.type(within(form).getByLabelText('Horario'), '18:30');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
  await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
  fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-03-12' } });
  expect(within(form).getByLabelText('Fecha')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  await user.selectOptions(within(form).getByLabelText('Tipo'), '3D');
  await user.type(within(form).getByLabelText('Precio de la entrada (opcional)'), '0');
  await user.click(within(form).getByRole('button', { name: 'Crear función' }));
  expect(within(form).getByText('El precio debe ser un número mayor que 0 (por ejemplo 9.00).')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('Precio de la entrada (opcional)'));
  await user.type(within(form).getByLabelText('Precio de la entrada (opcional)'), '12.50');
  await user.click(within(form).getByRole('button', { name: 'Crear función' }));

  expect(await within(form).findByText('Función creada con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/show').body).toEqual({
    data: { schedule: '18:30', movieId: show.movieId, roomId: 2, date: '2026-03-12', type: '3D', price: 1250 },
  });
  await waitFor(() => expect(api.requestsTo('GET', FIRST)).toHaveLength(2));
  act(() => jest.advanceTimersByTime(5000));
  expect(within(form).queryByText('Función creada con éxito.')).not.toBeInTheDocument();
});

test("the server's overlap refusal is shown in the create dialog", async () => {
  const refusal = 'La sala 2 está ocupada por «Matrix» de 18:00 a 20:16; entre funciones se dejan 20 minutos de limpieza.';
  api.on('POST', '/api/show', { status: 409, body: { statusCode: 409, error: refusal } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  const form = await screen.findByRole('form', { name: 'Crear Funciones' });
  await user.type(within(form).getByLabelText('Horario'), '19:00');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
  await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
  await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
  fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-03-12' } });
  await user.selectOptions(within(form).getByLabelText('Tipo'), '2D');
  await user.type(within(form).getByLabelText('Precio de la entrada (opcional)'), '9');
  await user.click(within(form).getByRole('button', { name: 'Crear función' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
});

test("'error no autorizado' when the authorization flag is false", async () => {
  api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: false } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
  expect(await within(screen.getByRole('dialog')).findByRole('heading', { name: 'error no autorizado' })).toBeInTheDocument();
});

test("'Modificar' sends the show back with the new time, room, type and price", async () => {
  api.on('PUT', `/api/show/one/${show.id}`, { status: 200, body: { ...show, schedule: '21:00', roomId: 4, type: '2D' } });
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: 'Modificar la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar función' });
  await user.clear(within(dialog).getByLabelText('Horario'));
  await user.type(within(dialog).getByLabelText('Horario'), '21:00');
  await user.selectOptions(within(dialog).getByLabelText('Sala'), 'Sala 4');
  await user.selectOptions(within(dialog).getByLabelText('Tipo'), '2D');
  expect(within(dialog).getByLabelText('Precio de la entrada (opcional)')).toHaveValue(12);
  await user.clear(within(dialog).getByLabelText('Precio de la entrada (opcional)'));
  await user.type(within(dialog).getByLabelText('Precio de la entrada (opcional)'), '13.5');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Función actualizada con éxito.')).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', `/api/show/one/${show.id}`).body).toEqual({
    ...show,
    schedule: '21:00',
    roomId: 4,
    type: '2D',
    price: 1350,
  });
});

test("'Borrar Funcion' names the sold tickets, shows the server's refusal with the counts, and deletes once none are left", async () => {
  const refusal =
    'No se puede borrar la función: tiene 1 orden pagada, 1 entrada. Cancélala primero (se reembolsa cada compra y se avisa a los compradores); después se puede borrar.';
  api.on('DELETE', `/api/show/one/${show.id}`, { status: 409, body: { statusCode: 409, error: refusal, orders: 1, tickets: 1 } });
  const user = userEvent.setup();
  renderSection();
  await screen.findByText('1 vendido · 1 reservado');
  await user.click(await screen.findByRole('button', { name: 'Borrar la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Borrar Funcion' });
  expect(within(dialog).getByText(/Tiene 1 entrada vendida:/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);

  api.on('DELETE', `/api/show/one/${show.id}`, { status: 200, body: { message: 'Función eliminada.' } });
  api.on('GET', '/api/show/all', page([]));
  await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
  expect(await screen.findByText('No hay funciones programadas.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("'Cancelar' a show asks for a reason, names the tickets refunded, and shows the refunds' job until it is done", async () => {
  const job = {
    jobId: show.id,
    showId: show.id,
    reason: 'Falla del proyector',
    requestedAt: '2026-03-12T18:00:00.000Z',
    failed: [],
  };
  api.on('POST', `/api/show/one/${show.id}/cancel`, {
    status: 202,
    body: { ...job, state: 'queued', total: 0, refunded: 0, message: 'Función cancelada: las compras se reembolsarán en unos instantes.' },
  });
  api.on('GET', `/api/show/one/${show.id}/cancel`, {
    status: 200,
    body: { ...job, state: 'running', total: 3, refunded: 1, message: 'Función cancelada: reembolsando las compras.' },
  });
  const user = userEvent.setup();
  renderSection();
  await screen.findByText('1 vendido · 1 reservado');
  await user.click(screen.getByRole('button', { name: 'Cancelar la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancelar Funcion' });
  expect(within(dialog).getByText(/Se reembolsarán 1 entrada vendida/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar función' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Por favor ingresa el motivo de la cancelación *');
  expect(api.requestsTo('POST', `/api/show/one/${show.id}/cancel`)).toHaveLength(0);
  await user.type(within(dialog).getByLabelText('Motivo (se incluye en el correo)'), 'Falla del proyector');
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar función' }));
  expect(api.onlyRequestTo('POST', `/api/show/one/${show.id}/cancel`).body).toEqual({ reason: 'Falla del proyector' });

  const progress = await screen.findByRole('dialog', { name: 'Cancelación de la función' });
  expect(within(progress).getByRole('status')).toHaveTextContent('Reembolsadas 0 de 0 compras.');
  expect(await within(progress).findByText(/Reembolsadas 1 de 3 compras\./, {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(progress).getByRole('progressbar', { name: 'Compras reembolsadas' })).toHaveAttribute('value', '1');
  api.on('GET', `/api/show/one/${show.id}/cancel`, {
    status: 200,
    body: {
      ...job,
      state: 'done',
      total: 3,
      refunded: 2,
      failed: ['6b0000000000000000000001'],
      finishedAt: '2026-03-12T18:01:00.000Z',
      message:
        'Algunas compras de la función no se pudieron reembolsar ahora; vuelve a cancelarla para reintentarlo (ninguna se reembolsa dos veces).',
    },
  });
  expect(await within(progress).findByText(/Reembolsadas 2 de 3 compras\. Pendientes: 1\./, {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(progress).getByRole('status')).toHaveTextContent('vuelve a cancelarla para reintentarlo');
  const reads = api.requestsTo('GET', `/api/show/one/${show.id}/cancel`).length;
  await user.click(within(progress).getByRole('button', { name: 'Aceptar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Done: no more reads.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(api.requestsTo('GET', `/api/show/one/${show.id}/cancel`)).toHaveLength(reads);
  // The dialog reads the job once a second: a few seconds of real time.
}, 20_000);

describe("'Programar en bloque'", () => {
  const plan = {
    planned: [
      { date: '2026-03-16', day: 'Lunes', schedule: '14:00' },
      { date: '2026-03-16', day: 'Lunes', schedule: '20:00' },
    ],
    clashes: [
      {
        date: '2026-03-17',
        day: 'Martes',
        schedule: '14:00',
        message: 'La sala 2 está ocupada por «Dune» de 13:00 a 15:35; entre funciones se dejan 20 minutos de limpieza.',
      },
    ],
    created: [],
  };

  async function fillBulk(user: ReturnType<typeof userEvent.setup>) {
    renderSection();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Programar en bloque' }));
    const form = screen.getByRole('form', { name: 'Programar en bloque' });
    await user.click(within(form).getByRole('button', { name: 'Ver funciones' }));
    for (const message of [
      'Por favor seleccione una pelicula *',
      'Por favor seleccione una sala *',
      'Por favor seleccione un tipo *',
      'Por favor ingresa al menos un horario (HH:MM) *',
      'Por favor selecciona la fecha desde *',
      'Por favor selecciona la fecha hasta *',
    ])
      expect(within(form).getByText(message)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/show/bulk')).toHaveLength(0);
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
    await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
    await user.selectOptions(within(form).getByLabelText('Tipo'), '2D');
    // No price: each show sells at the card its day, time and format get.
    await user.type(within(form).getByLabelText('Horarios (separados por comas)'), '20:00, 14:00');
    fireEvent.change(within(form).getByLabelText('Desde'), { target: { value: '2026-03-16' } });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2026-03-22' } });
    for (const day of ['Miércoles', 'Jueves', 'Viernes', 'Sabado', 'Domingo']) await user.click(within(form).getByLabelText(day));
    return form;
  }

  test('previews the shows and the clashes, then creates them skipping the clashes', async () => {
    api.on('POST', '/api/show/bulk', (request) =>
      (request.body as { dryRun: boolean }).dryRun
        ? { status: 200, body: plan }
        : { status: 201, body: { ...plan, created: [show, { ...show, id: '64c000000000000000000009' }] } },
    );
    const user = userEvent.setup();
    const form = await fillBulk(user);
    await user.click(within(form).getByRole('button', { name: 'Ver funciones' }));
    const preview = await screen.findByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByRole('status')).toHaveTextContent('Se crearán 2 funciones; 1 choca con otras funciones de la sala.');
    expect(
      within(within(preview).getByRole('list', { name: 'Choques' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Martes 17/03 14:00: La sala 2 está ocupada por «Dune» de 13:00 a 15:35; entre funciones se dejan 20 minutos de limpieza.']);
    expect(
      within(within(preview).getByRole('list', { name: 'Funciones a crear' }))
        .getAllByRole('listitem')
        .map(spaced),
    ).toEqual([
      'Lunes 16/03 14:00 — Matiné: General $ 7,00 · Menor (hasta 12 años) $ 5,00',
      'Lunes 16/03 20:00 — Tarifa general: General $ 9,00 · Menor (hasta 12 años) $ 7,00',
    ]);
    expect(api.onlyRequestTo('POST', '/api/show/bulk').body).toEqual({
      movieId: show.movieId,
      roomId: 2,
      type: '2D',
      times: ['20:00', '14:00'],
      from: '2026-03-16',
      to: '2026-03-22',
      weekdays: ['Lunes', 'Martes'],
      dryRun: true,
      onClash: 'skip',
    });

    await user.click(within(preview).getByRole('button', { name: 'Crear 2 funciones' }));
    expect(await screen.findByText('Se crearon 2 funciones.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/show/bulk')[1]?.body).toMatchObject({ dryRun: false, onClash: 'skip' });
    await waitFor(() => expect(api.requestsTo('GET', FIRST)).toHaveLength(2));
  });

  test("with 'No crear ninguna' and a clash, nothing can be created; a bad time is refused before asking", async () => {
    api.on('POST', '/api/show/bulk', { status: 200, body: plan });
    const user = userEvent.setup();
    const form = await fillBulk(user);
    await user.click(within(form).getByLabelText('No crear ninguna'));
    await user.click(within(form).getByRole('button', { name: 'Ver funciones' }));
    const preview = await screen.findByRole('region', { name: 'Vista previa' });
    const create = within(preview).getByRole('button', { name: 'Crear 2 funciones' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    await user.click(create);
    expect(api.requestsTo('POST', '/api/show/bulk')).toHaveLength(1);

    await user.type(within(form).getByLabelText('Horarios (separados por comas)'), ', 25:00');
    expect(screen.queryByRole('region', { name: 'Vista previa' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Ver funciones' }));
    expect(
      within(form).getByText('Los horarios deben tener el formato HH:MM, separados por comas (por ejemplo 14:00, 17:00, 20:00).'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/show/bulk')).toHaveLength(1);
  });
});

describe('the price card and prices before saving (issue 37)', () => {
  async function openCreate(user: ReturnType<typeof userEvent.setup>) {
    renderSection();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Agregar Funcion' }));
    return screen.findByRole('form', { name: 'Crear Funciones' });
  }

  test('shows the card the rules pick and its prices with the format surcharge, follows the date, time and format, and sends a chosen card', async () => {
    api.on('POST', '/api/show', { status: 201, body: show });
    const user = userEvent.setup();
    const form = await openCreate(user);
    const pricing = await within(form).findByRole('region', { name: 'Tarifa y precios' });
    expect(pricing).toHaveTextContent('Elige la fecha, el horario y el tipo para ver la tarifa que se aplicará.');

    await user.type(within(form).getByLabelText('Horario'), '14:30');
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-03-12' } });
    await user.selectOptions(within(form).getByLabelText('Tipo'), '3D');
    // A Thursday before 15:00: Matiné; 3D adds $ 2,00 to each type; the premium seats $ 3,00 more.
    expect(within(pricing).getByRole('status')).toHaveTextContent('Se aplicará la tarifa Matiné, con el recargo de $ 2,00 por formato 3D.');
    expect(
      within(within(pricing).getByRole('list', { name: 'Precios de la función' }))
        .getAllByRole('listitem')
        .map(spaced),
    ).toEqual(['General: $ 9,00', 'Menor (hasta 12 años): $ 7,00', 'Butaca premium: + $ 3,00']);
    expect(within(pricing).getByRole('option', { name: 'Automática (Matiné)' })).toBeInTheDocument();

    // A Wednesday: the día del espectador wins by priority.
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-03-11' } });
    expect(within(pricing).getByRole('status')).toHaveTextContent('Se aplicará la tarifa Día del espectador');

    // Chosen: Tarifa general, whose inactive Estudiante is not sold.
    await user.selectOptions(within(pricing).getByLabelText('Tarifa'), 'Tarifa general');
    expect(within(pricing).getByRole('status')).toHaveTextContent('Se aplicará la tarifa Tarifa general (elegida)');
    expect(within(pricing).getByRole('list', { name: 'Precios de la función' })).not.toHaveTextContent('Estudiante');

    await waitFor(() => expect(within(form).getByRole('option', { name: 'Matrix' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Pelicula'), 'Matrix');
    await user.selectOptions(within(form).getByLabelText('Sala'), 'Sala 2');
    // No price: the show sells at the card's prices.
    await user.click(within(form).getByRole('button', { name: 'Crear función' }));
    expect(await within(form).findByText('Función creada con éxito.')).toBeInTheDocument();
    expect(api.onlyRequestTo('POST', '/api/show').body).toEqual({
      data: { schedule: '14:30', movieId: show.movieId, roomId: 2, date: '2026-03-11', type: '3D', priceCardId: 'c1' },
    });
  });

  test('a price typed makes the show "Precio único": the preview says so instead of a card', async () => {
    const user = userEvent.setup();
    const form = await openCreate(user);
    const pricing = await within(form).findByRole('region', { name: 'Tarifa y precios' });
    await user.type(within(form).getByLabelText('Precio de la entrada (opcional)'), '12.50');
    expect(within(pricing).getByRole('status')).toHaveTextContent('Precio único: todas las entradas a $ 12,50, sin tarifa.');
    expect(within(pricing).queryByLabelText('Tarifa')).not.toBeInTheDocument();
  });

  test("'Modificar' shows the show's card and the one its new time gets", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Modificar la función de Matrix del Jueves a las 18:30' }));
    const dialog = screen.getByRole('dialog', { name: 'Modificar función' });
    expect(within(dialog).getByText(`Tarifa actual: ${show.priceCard.name}`)).toBeInTheDocument();
    const pricing = await within(dialog).findByRole('region', { name: 'Tarifa y precios' });
    expect(within(pricing).getByRole('status')).toHaveTextContent('Se aplicará la tarifa Tarifa general');
    await user.clear(within(dialog).getByLabelText('Horario'));
    await user.type(within(dialog).getByLabelText('Horario'), '13:00');
    expect(within(pricing).getByRole('status')).toHaveTextContent('Se aplicará la tarifa Matiné');
  });

  test('a failed load of the cards is told in the dialog', async () => {
    api.on('GET', '/api/pricing/cards', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible.' } });
    const user = userEvent.setup();
    const form = await openCreate(user);
    expect(await within(form).findByText('No se pudieron cargar las tarifas. Servicio no disponible.')).toBeInTheDocument();
  });
});

test('the read-only map marks the premium, wheelchair and companion seats, with a legend', async () => {
  api.on('GET', `/api/show/${show.id}/seats`, {
    status: 200,
    body: {
      showId: show.id,
      roomId: 2,
      version: 3,
      layout: {
        rows: [4, 4],
        aisles: [],
        wheelchair: ['A1'],
        categories: { A1: 'wheelchair', A2: 'companion', B1: 'premium', B2: 'premium', B4: 'premium' },
        companions: { A2: 'A1' },
      },
      taken: {},
    },
  });
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Ver mapa de asientos de la función de Matrix del Jueves a las 18:30' }));
  const dialog = screen.getByRole('dialog', { name: 'Mapa de asientos: Matrix, Jueves 18:30, sala 2' });
  const legend = await within(dialog).findByRole('list', { name: 'Categorías de butacas' });
  expect(within(legend).getAllByRole('listitem').map(spaced)).toEqual([
    ' Butaca premium (3): B1–B2, B4',
    ' Espacio para silla de ruedas (1): A1',
    ' Butaca de acompañante (1): A2 (junto a A1)',
  ]);
});
