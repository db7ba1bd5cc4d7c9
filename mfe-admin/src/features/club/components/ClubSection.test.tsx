import { CLUB_MESSAGES, type ClubMemberView, type PassPlanView, type RenewalsReport } from '@cine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInPanel } from '../../../test/inPanel';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import ClubSection from './ClubSection';

const PLAN_ID = '65a000000000000000000001';
const USER_ID = '65b000000000000000000001';
const plan: PassPlanView = {
  id: PLAN_ID,
  name: 'Pase Mensual',
  monthlyPrice: 9900,
  ticketsPerMonth: 4,
  formats: ['2D'],
  active: true,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};
const member: ClubMemberView = {
  userId: USER_ID,
  email: 'bruno@cine.test',
  name: 'Bruno',
  tier: 'Oro',
  points: 1500,
  debt: 0,
  visits: 14,
  joinedAt: '2026-01-10T15:00:00.000Z',
  passStatus: 'grace',
};
const renewals: RenewalsReport = {
  job: { everyMs: 3_600_000, lastRunAt: '2026-11-28T12:00:00.000Z' },
  runs: [
    {
      startedAt: '2026-11-28T12:00:00.000Z',
      finishedAt: '2026-11-28T12:00:02.000Z',
      due: 3,
      charged: 2,
      declined: 1,
      lapsed: 0,
      ended: 0,
      failed: 0,
    },
  ],
  renewals: [
    {
      passId: 'p1',
      userId: USER_ID,
      planName: 'Pase Mensual',
      period: '2026-11-28',
      amount: 9900,
      outcome: 'declined',
      reason: 'Fondos insuficientes',
      attempts: 1,
      at: '2026-11-28T12:00:01.000Z',
    },
  ],
};
const page = (items: ClubMemberView[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 20 } });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/club/plans?all=true', { status: 200, body: [plan, { ...plan, id: 'x2', name: 'Viejo', active: false }] })
    .on('GET', '/api/club/members?page=1&pageSize=20', page([member]))
    .on('GET', '/api/club/renewals', { status: 200, body: renewals });
});

test('plans: every plan listed (inactive too); a new one is checked here, then created', async () => {
  const user = userEvent.setup();
  renderInPanel(<ClubSection token="t" />);
  const table = await screen.findByRole('table', { name: 'Planes de Cine Pase' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Pase Mensual\$\s99,0042DA la venta/);
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('No se vende');
  api.on('POST', '/api/club/plans', (request) => ({ status: 201, body: { ...plan, ...(request.body as object), id: 'n1' } }));
  await user.click(screen.getByRole('button', { name: 'Nuevo plan' }));
  const form = screen.getByRole('form', { name: 'Nuevo plan de Cine Pase' });
  await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
  expect(within(form).getByText('Escribe un nombre de 2 a 60 caracteres.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/club/plans')).toHaveLength(0);
  await user.type(within(form).getByLabelText('Nombre'), 'Pase Plus');
  await user.type(within(form).getByLabelText(/Precio mensual/), '149,50');
  await user.type(within(form).getByLabelText('Entradas por mes'), '8');
  await user.click(within(form).getByRole('checkbox', { name: '3D' }));
  await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
  expect(await screen.findByText('Plan «Pase Plus» creado.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/club/plans').body).toEqual({
    name: 'Pase Plus',
    monthlyPrice: 14950,
    ticketsPerMonth: 8,
    formats: ['2D', '3D'],
    active: true,
  });
});

test('editing a plan while its renewal runs shows the 409 in the form', async () => {
  const user = userEvent.setup();
  api.on('PUT', `/api/club/plans/${PLAN_ID}`, { status: 409, body: { statusCode: 409, error: CLUB_MESSAGES.renewalRunning } });
  renderInPanel(<ClubSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Editar Pase Mensual' }));
  const form = screen.getByRole('form', { name: 'Editar plan Pase Mensual' });
  expect(within(form).getByLabelText(/Precio mensual/)).toHaveValue('99,00');
  await user.click(within(form).getByRole('button', { name: 'Guardar plan' }));
  expect(await within(form).findByText(CLUB_MESSAGES.renewalRunning)).toBeInTheDocument();
  expect(api.onlyRequestTo('PUT', `/api/club/plans/${PLAN_ID}`).body).toMatchObject({ monthlyPrice: 9900, formats: ['2D'] });
});

test('members: searched by e-mail or name; an adjustment needs points and a reason, and shows the new balance', async () => {
  const user = userEvent.setup();
  api.on('GET', '/api/club/members?q=bruno&page=1&pageSize=20', page([member])).on('POST', `/api/club/members/${USER_ID}/adjust`, {
    status: 201,
    body: {
      entry: { id: 'e1', kind: 'adjust', points: -200, balance: 1300, at: '2026-11-28T13:00:00.000Z' },
      member: { ...member, points: 1300 },
    },
  });
  renderInPanel(<ClubSection token="t" />);
  const table = await screen.findByRole('table', { name: 'Socios de Cine Club' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Brunobruno@cine\.testOro141500Pago pendiente/);
  await user.type(screen.getByPlaceholderText('Buscar por correo o nombre...'), 'bruno');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await screen.findByRole('table', { name: 'Socios de Cine Club' });
  expect(api.requestsTo('GET', '/api/club/members?q=bruno&page=1&pageSize=20')).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Ajustar puntos de bruno@cine.test' }));
  const form = screen.getByRole('form', { name: 'Ajustar puntos de bruno@cine.test' });
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  expect(within(form).getByText('Escribe cuántos puntos sumar (o restar, con un signo menos).')).toBeInTheDocument();
  expect(within(form).getByText('Escribe el motivo (al menos 3 caracteres).')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Puntos (negativo para restar)'), '-200');
  await user.type(within(form).getByLabelText('Motivo'), 'Compra duplicada');
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  expect(await screen.findByText('Puntos de bruno@cine.test ajustados (-200): ahora tiene 1300 puntos.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', `/api/club/members/${USER_ID}/adjust`).body).toEqual({ points: -200, reason: 'Compra duplicada' });
});

test('members: more than a page of them pages with Siguiente', async () => {
  const user = userEvent.setup();
  api
    .on('GET', '/api/club/members?page=1&pageSize=20', { status: 200, body: { items: [member], total: 21, page: 1, pageSize: 20 } })
    .on('GET', '/api/club/members?page=2&pageSize=20', {
      status: 200,
      body: { items: [{ ...member, userId: 'u2', email: 'carla@cine.test', name: 'Carla' }], total: 21, page: 2, pageSize: 20 },
    });
  renderInPanel(<ClubSection token="t" />);
  const pages = await screen.findByRole('navigation', { name: 'Páginas de socios de Cine Club' });
  expect(within(pages).getByText('1–20 de 21 · página 1 de 2')).toBeInTheDocument();
  expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByText('Carla')).toBeInTheDocument();
  expect(within(pages).getByText('21–21 de 21 · página 2 de 2')).toBeInTheDocument();
});

test('an adjustment retried sends the same Idempotency-Key; a new adjustment a new one (issue 41)', async () => {
  const user = userEvent.setup();
  const adjusted = { entry: { id: 'e1', kind: 'adjust', points: 50, balance: 1550, at: '2026-11-28T13:00:00.000Z' }, member };
  let answers = [{ status: 503, body: { statusCode: 503, error: 'Servicio no disponible. Inténtalo de nuevo.' } }];
  api.on('POST', `/api/club/members/${USER_ID}/adjust`, () => answers.shift() ?? { status: 201, body: adjusted });
  renderInPanel(<ClubSection token="t" />);
  const open = async () => {
    await user.click(await screen.findByRole('button', { name: 'Ajustar puntos de bruno@cine.test' }));
    return screen.getByRole('form', { name: 'Ajustar puntos de bruno@cine.test' });
  };
  const keysSent = () => api.requestsTo('POST', `/api/club/members/${USER_ID}/adjust`).map((request) => request.headers['Idempotency-Key']);

  // The first try fails; sent again unchanged, it is the same adjustment: the same key.
  let form = await open();
  await user.type(within(form).getByLabelText('Puntos (negativo para restar)'), '50');
  await user.type(within(form).getByLabelText('Motivo'), 'Cortesía');
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  expect(await within(form).findByText('Servicio no disponible. Inténtalo de nuevo.')).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  await screen.findByText(/ajustados \(\+50\)/);
  const [first, retry] = keysSent();
  expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(retry).toBe(first);

  // A new adjustment of the same points and reason, in the dialog opened again: a new key.
  form = await open();
  await user.type(within(form).getByLabelText('Puntos (negativo para restar)'), '50');
  await user.type(within(form).getByLabelText('Motivo'), 'Cortesía');
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  await waitFor(() => expect(keysSent()).toHaveLength(3));
  expect(keysSent()[2]).not.toBe(first);

  // Refused, then changed before sending again: another adjustment, another key.
  answers = [{ status: 409, body: { statusCode: 409, error: 'El saldo quedaría negativo.' } }];
  form = await open();
  await user.type(within(form).getByLabelText('Puntos (negativo para restar)'), '-5000');
  await user.type(within(form).getByLabelText('Motivo'), 'Corrección');
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  expect(await within(form).findByText('El saldo quedaría negativo.')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('Puntos (negativo para restar)'));
  await user.type(within(form).getByLabelText('Puntos (negativo para restar)'), '-500');
  await user.click(within(form).getByRole('button', { name: 'Ajustar puntos' }));
  await waitFor(() => expect(keysSent()).toHaveLength(5));
  const [, , , refused, changed] = keysSent();
  expect(changed).not.toBe(refused);
  expect(new Set(keysSent()).size).toBe(4);
});

test('renewals: the job, its last runs and the renewals with their outcome', async () => {
  renderInPanel(<ClubSection token="t" />);
  const runs = await screen.findByRole('table', { name: 'Últimas corridas de la renovación' });
  expect(within(runs).getAllByRole('row')[1]).toHaveTextContent(/321000$/);
  expect(screen.getByText(/La renovación corre cada 60 min\. Última:/)).toBeInTheDocument();
  const made = screen.getByRole('table', { name: 'Renovaciones' });
  expect(within(made).getAllByRole('row')[1]).toHaveTextContent(/Pase Mensual2026-11-28\$\s99,00RechazadaFondos insuficientes1/);
});
