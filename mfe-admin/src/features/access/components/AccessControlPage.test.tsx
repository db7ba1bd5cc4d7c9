import { generalPricing } from '@cine/web-kit/testing';
import type { CheckinAnswer, DoorShowView, ShowView } from '@cine/contracts';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { addDays, cinemaClock, type Session } from '@cine/web-kit';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import AccessControlPage from './AccessControlPage';
import { wrongCinemaMessage } from '@cine/contracts';
import { CENTRO, chain, NORTE, tokenClaiming } from '../../../test/cinemas';

// Several waits per test on a machine shared by other jobs: a slow run is not a failure.
configure({ asyncUtilTimeout: 5000 });

const staff: Session = { token: 'tok-staff', userId: 'u-staff', username: 'portero', email: 'portero@cine.test', role: 'staff' };
const today = cinemaClock(new Date()).date;

const show: ShowView = {
  id: 's1',
  schedule: '20:30',
  day: 'Jueves',
  date: today,
  startsAt: `${today}T23:30:00.000Z`,
  movieId: 'm1',
  roomId: 3,
  type: '2D',
  price: 850,
  ...generalPricing(850),
  seats: 80,
  capacity: 100,
  movie: { Title: 'Dune III' },
  cinemaId: 'c1e000000000000000000001',
  cinema: { id: 'c1e000000000000000000001', slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' },
};

const doorList: DoorShowView = {
  show: {
    cinema: { id: 'c1e000000000000000000001', name: 'Cine Centro', address: 'Av. Corrientes 1234' },
    showId: 's1',
    movieId: 'm1',
    title: 'Dune III',
    startsAt: show.startsAt,
    endsAt: `${today}T23:59:00.000Z`,
    date: today,
    day: 'Jueves',
    schedule: '20:30',
    roomId: 3,
    type: '2D',
  },
  tickets: [
    { code: 'ABCD2345', seatLabel: 'F7', state: 'valid' },
    { code: 'EFGH2345', seatLabel: 'F8', state: 'valid' },
  ],
  // Open now: the door window's own verdicts are the e2e's and decideOffline's tests.
  window: { opensAt: new Date(Date.now() - 3_600_000).toISOString(), closesAt: new Date(Date.now() + 3_600_000).toISOString() },
  readAt: '2026-11-26T22:00:00.000Z',
};

const ticketFacts = { ...doorList.show, code: 'ABCD2345', seatLabel: 'F7', state: 'used' as const };

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function installDoorApi(): FakeApi {
  return installFakeApi()
    .on('GET', `/api/show/date?date=${today}`, { status: 200, body: [show] })
    .on('GET', '/api/checkin/shows/s1', { status: 200, body: doorList })
    .on('GET', '/api/tickets/keys', { status: 200, body: { keys: [] } });
}

async function openDoor(session: Session = staff) {
  render(
    <MemoryRouter>
      <AccessControlPage session={session} />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: '20:30 · Dune III · Sala 3 · 2D' }));
}

async function typeCode(code: string) {
  await userEvent.type(screen.getByLabelText('Código de la entrada'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
}

const result = () => screen.getByRole('region', { name: 'Resultado' });

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

test('states the show it checks; a typed code is admitted with movie, room and seat, and a second time is already used, when and where', async () => {
  let admittedAt: string | undefined;
  const api = installDoorApi().on('POST', '/api/checkin', (): { status: number; body: CheckinAnswer } => {
    if (!admittedAt) {
      admittedAt = '2026-11-26T23:20:00.000Z';
      return {
        status: 200,
        body: {
          result: 'admitted',
          message: 'Entrada válida: puede pasar.',
          ticket: ticketFacts,
          usedAt: admittedAt,
          entrance: 'Puerta 1',
        },
      };
    }
    return {
      status: 409,
      body: { result: 'already_used', message: 'Entrada ya usada.', ticket: ticketFacts, usedAt: admittedAt, entrance: 'Puerta 1' },
    };
  });
  await openDoor();

  const checking = screen.getByRole('region', { name: 'Controlando' });
  expect(checking).toHaveTextContent('Dune III');
  expect(checking).toHaveTextContent('20:30 · Sala 3 · 2D');

  await typeCode('abcd-2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Dune III · Sala 3 · Butaca F7');
  expect(api.requestsTo('POST', '/api/checkin')[0]?.body).toEqual({ code: 'abcd-2345', showId: 's1', entrance: 'Puerta 1' });
  expect(api.requestsTo('POST', '/api/checkin')[0]?.headers.Authorization).toBe('Bearer tok-staff');

  await typeCode('ABCD2345');
  expect(await within(result()).findByText('YA USADA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Usada el 26/11/2026 20:20 en Puerta 1 · Butaca F7');
});

test("a ticket of a type that requires an ID shows its type and a prominent 'Verificar DNI'; a General one neither", async () => {
  const jubilado = { ...ticketFacts, ticketType: 'jubilado', ticketTypeName: 'Jubilado', requiresId: true };
  const general = {
    ...ticketFacts,
    code: 'EFGH2345',
    seatLabel: 'F8',
    ticketType: 'general',
    ticketTypeName: 'General',
    requiresId: false,
  };
  installDoorApi().on('POST', '/api/checkin', (request) => ({
    status: 200,
    body: {
      result: 'admitted',
      message: 'Entrada válida: puede pasar.',
      ticket: (request.body as { code: string }).code === 'ABCD2345' ? jubilado : general,
    },
  }));
  await openDoor();

  await typeCode('ABCD2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Dune III · Sala 3 · Butaca F7 · Jubilado');
  expect(within(result()).getByText('Verificar DNI')).toBeVisible();

  await typeCode('EFGH2345');
  expect(await within(result()).findByText('Dune III · Sala 3 · Butaca F8 · General')).toBeInTheDocument();
  expect(within(result()).queryByText('Verificar DNI')).not.toBeInTheDocument();
});

test("offline, the door's list gives the ticket's type and 'Verificar DNI'", async () => {
  installDoorApi().on('GET', '/api/checkin/shows/s1', {
    status: 200,
    body: {
      ...doorList,
      tickets: [
        { code: 'ABCD2345', seatLabel: 'F7', state: 'valid', ticketType: 'estudiante', ticketTypeName: 'Estudiante', requiresId: true },
      ],
    },
  });
  await openDoor();
  await screen.findByText(/Con conexión/);
  setOnline(false);

  await typeCode('ABCD2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Butaca F7 · Estudiante');
  expect(within(result()).getByText('Verificar DNI')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Decidido sin conexión');
});

test.each([
  ['wrong_show', 'OTRA FUNCIÓN', 'Esta entrada es para otra función.'],
  ['refunded', 'REEMBOLSADA', 'Entrada reembolsada.'],
  ['invalid', 'NO VÁLIDA', 'Código no válido.'],
  ['show_over', 'FUNCIÓN TERMINADA', 'La función ya terminó.'],
] as const)("the server's %s reads %s in large type, with its message", async (answer, headline, message) => {
  const status = answer === 'invalid' ? 400 : 409;
  const other = { ...ticketFacts, title: 'Otra película', date: '2026-11-27', day: 'Viernes' as const, schedule: '18:00', roomId: 2 };
  installDoorApi().on('POST', '/api/checkin', {
    status,
    body: { result: answer, message, ...(answer === 'wrong_show' && { ticket: other }) },
  });
  await openDoor();
  await typeCode('ZZZZ2345');
  expect(await within(result()).findByText(headline)).toBeInTheDocument();
  expect(result()).toHaveTextContent(message);
  if (answer === 'wrong_show') expect(result()).toHaveTextContent('Es para Otra película, Viernes 27/11 18:00, sala 2');
});

test('offline, the door admits from the show list, refuses a second entry, and uploads when the network returns, reporting a conflict', async () => {
  const api = installDoorApi().on('POST', '/api/checkin/offline', (request) => {
    const [first, second] = (request.body as { scans: Array<{ clientScanId: string }> }).scans;
    return {
      status: 200,
      body: {
        results: [
          { clientScanId: first?.clientScanId, result: 'admitted', message: 'Entrada válida.', conflict: false },
          {
            clientScanId: second?.clientScanId,
            result: 'already_used',
            message: 'Entrada ya usada el 26/11/2026 a las 20:10 en Puerta 2.',
            conflict: true,
            ticket: { ...ticketFacts, code: 'EFGH2345', seatLabel: 'F8' },
            usedAt: '2026-11-26T23:10:00.000Z',
            entrance: 'Puerta 2',
          },
        ],
      },
    };
  });
  await openDoor();
  await screen.findByText(/Con conexión/);
  setOnline(false);
  expect(screen.getByText(/Sin conexión: se valida con la lista de la función/)).toBeInTheDocument();

  await typeCode('ABCD2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Decidido sin conexión');
  await typeCode('ABCD2345');
  expect(await within(result()).findByText('YA USADA')).toBeInTheDocument();
  await typeCode('EFGH2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(screen.getByText(/2 ingresos sin subir/)).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/checkin')).toEqual([]);

  setOnline(true);
  const conflicts = await screen.findByRole('region', { name: 'Conflictos de los ingresos sin conexión' });
  expect(conflicts).toHaveTextContent(
    'Entrada EFGH2345 (butaca F8): admitida dos veces. Entrada ya usada el 26/11/2026 a las 20:10 en Puerta 2.',
  );
  const upload = api.onlyRequestTo('POST', '/api/checkin/offline').body as { scans: Array<Record<string, unknown>> };
  expect(upload.scans.map(({ code, showId, entrance }) => ({ code, showId, entrance }))).toEqual([
    { code: 'ABCD2345', showId: 's1', entrance: 'Puerta 1' },
    { code: 'EFGH2345', showId: 's1', entrance: 'Puerta 1' },
  ]);
  expect(screen.queryByText(/ingresos sin subir/)).not.toBeInTheDocument();
  await userEvent.click(within(conflicts).getByRole('button', { name: 'Entendido' }));
  expect(screen.queryByRole('region', { name: 'Conflictos de los ingresos sin conexión' })).not.toBeInTheDocument();
});

test('reopened offline (the day cannot be listed), the door resumes its last show and checks from its saved list', async () => {
  installDoorApi();
  await openDoor();
  await screen.findByText(/Con conexión/);
  cleanup();

  setOnline(false);
  installFakeApi().on('GET', `/api/show/date?date=${today}`, () => {
    throw new TypeError('Failed to fetch');
  });
  render(<AccessControlPage session={staff} />);
  await userEvent.click(
    await screen.findByRole('button', { name: /^Seguir con la última función abierta: .* 20:30 · Dune III · Sala 3 · 2D$/ }),
  );
  expect(screen.getByRole('region', { name: 'Controlando' })).toHaveTextContent('Dune III');
  await typeCode('EFGH2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Dune III · Sala 3 · Butaca F8');
});

test('a network failure on a check-in falls back to the door itself', async () => {
  installDoorApi().on('POST', '/api/checkin', () => {
    throw new TypeError('Failed to fetch');
  });
  await openDoor();
  await screen.findByText(/Con conexión/);
  await typeCode('ABCD2345');
  expect(await within(result()).findByText('ADMITIDA')).toBeInTheDocument();
  expect(result()).toHaveTextContent('Decidido sin conexión');
  expect(screen.getByText(/1 ingreso sin subir/)).toBeInTheDocument();
});

test("no shows today says so; Mañana lists tomorrow's", async () => {
  const tomorrow = addDays(today, 1);
  installFakeApi()
    .on('GET', `/api/show/date?date=${today}`, { status: 200, body: [] })
    .on('GET', `/api/show/date?date=${tomorrow}`, { status: 200, body: [{ ...show, date: tomorrow, schedule: '00:30' }] });
  render(<AccessControlPage session={staff} />);
  expect(await screen.findByText(/No hay funciones hoy/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /^Mañana/ }));
  expect(await screen.findByRole('button', { name: '00:30 · Dune III · Sala 3 · 2D' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Mañana/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a user (not staff) gets nothing', () => {
  installFakeApi();
  const { container } = render(<AccessControlPage session={{ ...staff, role: 'user' }} />);
  expect(container).toBeEmptyDOMElement();
});

describe("the chain's doors (issue 38)", () => {
  const norteShow: ShowView = {
    ...show,
    id: 's2',
    schedule: '21:00',
    startsAt: `${today}T23:59:00.000Z`,
    roomId: 6,
    movie: { Title: 'Matrix' },
    cinemaId: NORTE,
    cinema: { id: NORTE, slug: 'norte', name: 'Cine Norte', city: 'Buenos Aires' },
  };
  const centroShow: ShowView = {
    ...show,
    cinemaId: CENTRO,
    cinema: { id: CENTRO, slug: 'centro', name: 'Cine Centro', city: 'Buenos Aires' },
  };
  const doorStaff = (cin: string[]): Session => ({ ...staff, token: tokenClaiming({ sub: 'u-staff', role: 'staff', cin }) });
  const renderDoor = (session: Session) =>
    render(
      <MemoryRouter>
        <AccessControlPage session={session} />
      </MemoryRouter>,
    );
  const api = () =>
    installFakeApi()
      .on('GET', `/api/show/date?date=${today}`, { status: 200, body: [centroShow, norteShow] })
      .on('GET', '/api/cinemas', { status: 200, body: chain })
      .on('GET', '/api/checkin/shows/s2', { status: 200, body: { ...doorList, show: { ...doorList.show, showId: 's2', roomId: 6 } } })
      .on('GET', '/api/tickets/keys', { status: 200, body: { keys: [] } });

  test('staff of one cinema see only its shows, and the door names it', async () => {
    api();
    renderDoor(doorStaff([NORTE]));
    expect(await screen.findByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '20:30 · Dune III · Sala 3 · 2D' })).not.toBeInTheDocument();
    expect(await screen.findByText('Cine: Cine Norte')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Cine' })).not.toBeInTheDocument();
  });

  test("a cinema's manager works the door of their cinema too", async () => {
    api();
    renderDoor({ ...staff, role: 'manager', token: tokenClaiming({ sub: 'g1', role: 'manager', cin: [NORTE] }) });
    expect(await screen.findByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '20:30 · Dune III · Sala 3 · 2D' })).not.toBeInTheDocument();
  });

  test('offline (the cinemas unknown), staff still see only their cinemas’ shows, from their token', async () => {
    api().on('GET', '/api/cinemas', { status: 0 as number, body: undefined });
    renderDoor(doorStaff([CENTRO]));
    expect(await screen.findByRole('button', { name: '20:30 · Dune III · Sala 3 · 2D' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' })).not.toBeInTheDocument();
  });

  test('an admin chooses the cinema of the door, which the device remembers', async () => {
    api();
    const user = userEvent.setup();
    const admin: Session = { ...staff, role: 'admin', token: 'tok-admin' };
    const { unmount } = renderDoor(admin);
    await screen.findByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' });
    expect(screen.getByRole('button', { name: '20:30 · Dune III · Sala 3 · 2D' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cine' }), 'Cine Centro');
    expect(screen.queryByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' })).not.toBeInTheDocument();
    unmount();
    renderDoor(admin);
    expect(await screen.findByRole('combobox', { name: 'Cine' })).toHaveValue(CENTRO);
    expect(screen.queryByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' })).not.toBeInTheDocument();
  });

  test('a ticket of another cinema: OTRO CINE, and the message names that cinema', async () => {
    api().on('POST', '/api/checkin', {
      status: 409,
      body: { result: 'wrong_cinema', message: wrongCinemaMessage('Cine Centro'), ticket: { ...ticketFacts, state: 'valid' } },
    });
    const user = userEvent.setup();
    renderDoor(doorStaff([NORTE]));
    await user.click(await screen.findByRole('button', { name: '21:00 · Matrix · Sala 6 · 2D' }));
    expect(screen.getByText(/Cine Norte ·/)).toBeInTheDocument();
    await typeCode('ABCD2345');
    expect(await within(result()).findByText('OTRO CINE')).toBeInTheDocument();
    expect(result()).toHaveTextContent('Entrada para Cine Centro, no para este cine');
  });
});
