import {
  CLUB_MESSAGES,
  DEFAULT_CLUB_TIERS,
  type ClubLedgerEntryView,
  type ClubMe,
  type ClubPassSummary,
  type PassPlanView,
} from '@cine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ana, installFakeApi } from '../test/fixtures';
import ClubPage from './ClubPage';

const [clasico, oro] = DEFAULT_CLUB_TIERS as [(typeof DEFAULT_CLUB_TIERS)[number], (typeof DEFAULT_CLUB_TIERS)[number]];

const notMember: ClubMe = {
  member: false,
  tier: clasico,
  points: 0,
  debt: 0,
  pointsExpiringSoon: 0,
  visits: 0,
  pointValueCents: 1,
  pointsPerDollar: 1,
};

function aMember(overrides: Partial<ClubMe> = {}): ClubMe {
  return {
    member: true,
    tier: clasico,
    points: 1234,
    debt: 0,
    pointsExpiringSoon: 0,
    visits: 3,
    nextTier: { name: oro.name, visitsToGo: 9 },
    pointValueCents: 1,
    pointsPerDollar: 1,
    joinedAt: '2026-10-01T15:00:00.000Z',
    ...overrides,
  };
}

const plan: PassPlanView = {
  id: '65a000000000000000000001',
  name: 'Pase Mensual',
  monthlyPrice: 9900,
  ticketsPerMonth: 4,
  formats: ['2D', '3D'],
  active: true,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};

const aPass = (overrides: Partial<ClubPassSummary> = {}): ClubPassSummary => ({
  id: 'p1',
  plan: { id: plan.id, name: plan.name, monthlyPrice: plan.monthlyPrice, ticketsPerMonth: 4, formats: ['2D', '3D'] },
  status: 'active',
  renewsAt: '2026-12-28T15:00:00.000Z',
  periodStart: '2026-11-28T15:00:00.000Z',
  ticketsLeft: 3,
  cardLast4: '4242',
  ...overrides,
});

const entry = (n: number, overrides: Partial<ClubLedgerEntryView> = {}): ClubLedgerEntryView => ({
  id: `e${n}`,
  kind: 'earn',
  points: 17,
  balance: 17 * n,
  orderCode: `C-${n}`,
  expiresAt: '2027-11-20T15:00:00.000Z',
  at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const ledgerPath = (page: number) => `/api/club/me/ledger?page=${page}&pageSize=10`;

const renderPage = (session = ana) =>
  render(
    <MemoryRouter>
      <ClubPage session={session} />
    </MemoryRouter>,
  );

test('a guest is asked to sign in; nothing is requested', () => {
  const api = installFakeApi();
  renderPage(null as never);
  expect(screen.getByText(/Inicia sesión para unirte a Cine Club/)).toBeInTheDocument();
  expect(api.requests).toHaveLength(0);
});

test('not a member: what the club gives, and "Unirme a Cine Club" joins and shows the member', async () => {
  const api = installFakeApi()
    .on('GET', '/api/club/me', { status: 200, body: notMember })
    .on('POST', '/api/club/join', () => {
      api.on('GET', '/api/club/me', { status: 200, body: aMember({ points: 0, visits: 0, nextTier: { name: 'Oro', visitsToGo: 12 } }) });
      return { status: 201, body: aMember({ points: 0 }) };
    })
    .on('GET', ledgerPath(1), { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } })
    .on('GET', '/api/club/plans', { status: 200, body: [plan] });
  renderPage();
  const join = await screen.findByRole('button', { name: 'Unirme a Cine Club' });
  expect(screen.getByText(/Ganas 1 punto por cada \$ 1,00/)).toBeInTheDocument();
  expect(
    screen.getByText(/Con 12 visitas en 12 meses llegas a Oro: 10 % de descuento en dulcería y entras antes que nadie a las preventas/),
  ).toBeInTheDocument();
  // Keyboard: Tab reaches the button, Enter joins.
  join.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByText('¡Listo! Ya eres socio de Cine Club.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/club/join').headers.Authorization).toBe('Bearer tok-ana');
  expect(screen.getByText(/Te faltan 12 visitas para Oro/)).toBeInTheDocument();
  expect(await screen.findByText('Todavía no tienes movimientos de puntos.')).toBeInTheDocument();
});

test('a member sees the tier, the points with their value, a debt, those expiring soon, and the ledger page by page', async () => {
  const api = installFakeApi()
    .on('GET', '/api/club/me', {
      status: 200,
      body: aMember({ debt: 40, pointsExpiringSoon: 200, nextExpiry: '2026-12-10T15:00:00.000Z' }),
    })
    .on('GET', ledgerPath(1), {
      status: 200,
      body: {
        items: [entry(2, { kind: 'adjust', points: -5, reason: 'Error de caja', orderCode: undefined }), entry(1)],
        total: 12,
        page: 1,
        pageSize: 10,
      },
    })
    .on('GET', ledgerPath(2), {
      status: 200,
      body: { items: [entry(0, { kind: 'spend', points: -100 })], total: 12, page: 2, pageSize: 10 },
    })
    .on('GET', '/api/club/plans', { status: 200, body: [plan] });
  renderPage();
  expect(await screen.findByText('Clásico')).toBeInTheDocument();
  expect(screen.getByText(/3 visitas en los últimos 12 meses\. Te faltan 9 visitas para Oro\./)).toBeInTheDocument();
  expect(screen.getByLabelText('Saldo de puntos')).toHaveTextContent('1234 puntos');
  expect(screen.getByText('Valen $ 12,34 al pagar.')).toBeInTheDocument();
  expect(screen.getByText(/Debes 40 puntos por un reembolso/)).toBeInTheDocument();
  expect(screen.getByText('200 puntos vencen pronto: el 10/12/2026.')).toBeInTheDocument();
  const moves = await screen.findByRole('list', { name: 'Movimientos' });
  expect(within(moves).getAllByRole('listitem')[0]).toHaveTextContent(/Ajuste.*Error de caja.*-5.*Saldo 34/);
  expect(within(moves).getAllByRole('listitem')[1]).toHaveTextContent(/Puntos ganados.*Pedido C-1.*vencen el 20\/11\/2027.*\+17/);
  expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Siguientes' }));
  expect(await screen.findByText('Puntos canjeados')).toBeInTheDocument();
  expect(api.requestsTo('GET', ledgerPath(2))).toHaveLength(1);
});

test('subscribing: choose a plan, the card entry charges the first month and the pass shows', async () => {
  const api = installFakeApi()
    .on('GET', '/api/club/me', { status: 200, body: aMember() })
    .on('GET', ledgerPath(1), { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } })
    .on('GET', '/api/club/plans', { status: 200, body: [plan, { ...plan, id: '65a000000000000000000002', name: 'Viejo', active: false }] })
    .on('POST', '/api/club/pass', { status: 201, body: { message: 'Tu Cine Pase está activo.', pass: aPass({ ticketsLeft: 4 }) } });
  renderPage();
  const plans = await screen.findByRole('radiogroup', { name: 'Planes de Cine Pase' });
  expect(within(plans).queryByText('Viejo')).not.toBeInTheDocument();
  await userEvent.click(within(plans).getByRole('radio', { name: /Pase Mensual · \$\s99,00 al mes · 4 entradas por mes · 2D y 3D/ }));
  const entry = await screen.findByRole('region', { name: 'Tarjeta del Cine Pase' });
  expect(entry).toHaveTextContent('Se cobra $ 99,00 ahora y cada mes');
  await userEvent.click(within(entry).getByRole('button', { name: 'Suscribirme' }));
  expect(await screen.findByText('Tu Cine Pase está activo.')).toBeInTheDocument();
  expect(api.onlyRequestTo('POST', '/api/club/pass').body).toEqual({ planId: plan.id, paymentMethodId: 'pm_card_visa' });
  const pass = screen.getByLabelText('Tu Cine Pase');
  expect(pass).toHaveTextContent('Activo');
  expect(pass).toHaveTextContent('Te quedan 4 de 4');
  expect(pass).toHaveTextContent('Se renueva el28/12/2026');
});

test('a declined first month says nothing was charged and keeps the plans', async () => {
  installFakeApi()
    .on('GET', '/api/club/me', { status: 200, body: aMember() })
    .on('GET', ledgerPath(1), { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } })
    .on('GET', '/api/club/plans', { status: 200, body: [plan] })
    .on('POST', '/api/club/pass', { status: 402, body: { statusCode: 402, error: 'La tarjeta fue rechazada.' } });
  renderPage();
  await userEvent.click(await screen.findByRole('radio', { name: /Pase Mensual/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/La tarjeta fue rechazada\. No se cobró nada\./);
  expect(screen.getByRole('radiogroup', { name: 'Planes de Cine Pase' })).toBeInTheDocument();
});

test('the pass: change the card, and cancel after a confirmation that says it stays until the period ends', async () => {
  const api = installFakeApi()
    .on('GET', '/api/club/me', { status: 200, body: aMember({ pass: aPass() }) })
    .on('GET', ledgerPath(1), { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } })
    .on('POST', '/api/club/pass/card', {
      status: 200,
      body: { message: 'Guardamos tu nueva tarjeta.', pass: aPass({ cardLast4: '1881' }) },
    })
    .on('DELETE', '/api/club/pass', { status: 200, body: { message: '', pass: aPass({ status: 'cancelling' }) } });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Cambiar tarjeta' }));
  const entry = screen.getByRole('region', { name: 'Nueva tarjeta del Cine Pase' });
  await userEvent.click(within(entry).getByRole('radio', { name: /4242/ }));
  await userEvent.click(within(entry).getByRole('button', { name: 'Guardar tarjeta' }));
  expect(await screen.findByText('Guardamos tu nueva tarjeta.')).toBeInTheDocument();
  expect(screen.getByText('terminada en 1881')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Cancelar Cine Pase' }));
  const dialog = screen.getByRole('dialog', { name: '¿Cancelar tu Cine Pase?' });
  expect(dialog).toHaveTextContent('Tu Cine Pase sigue vigente hasta el 28/12/2026');
  // Escape keeps it: nothing sent.
  await userEvent.keyboard('{Escape}');
  expect(api.requestsTo('DELETE', '/api/club/pass')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Cancelar Cine Pase' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí, cancelar' }));
  expect(await screen.findByText('Cancelaste tu Cine Pase: sigue vigente hasta el 28/12/2026.')).toBeInTheDocument();
  expect(screen.getByText('Cancelado (vigente hasta el fin del período)')).toBeInTheDocument();
  expect(screen.getByText('Vigente hasta el')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancelar Cine Pase' })).not.toBeInTheDocument();
});

test('a failed load says so with a retry', async () => {
  const api = installFakeApi().on('GET', '/api/club/me', { status: 500, body: { statusCode: 500, error: 'Hubo problemas.' } });
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar Cine Club. Hubo problemas.');
  api.on('GET', '/api/club/me', { status: 200, body: notMember });
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('button', { name: 'Unirme a Cine Club' })).toBeInTheDocument();
});

test('a refused join shows the server’s words', async () => {
  installFakeApi()
    .on('GET', '/api/club/me', { status: 200, body: notMember })
    .on('POST', '/api/club/join', { status: 409, body: { statusCode: 409, error: CLUB_MESSAGES.alreadyMember } });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Unirme a Cine Club' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(CLUB_MESSAGES.alreadyMember);
});
