import type { TicketView } from '@cine/contracts';
import { cinemaPlaceOf } from '@cine/web-kit/testing';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { MemoryRouter } from 'react-router-dom';
import { SAVED_AT_HEADER, type Session } from '@cine/web-kit';
import { ana, installFakeApi } from '../../../test/fixtures';
import MyTicketsPage from './MyTicketsPage';

// Several waits per test on a machine shared by other jobs: a slow run is not a failure.
configure({ asyncUtilTimeout: 5000 });

const TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJqdGkiOiJBQkNEMjM0NSIsInNpZCI6InMxIiwic2VhdCI6IkY3IiwiZXhwIjo0MTAyNDQ0ODAwfQ.c2lnbmF0dXJl';

function aTicket(overrides: Partial<TicketView> = {}): TicketView {
  return {
    id: 't1',
    code: 'ABCD2345',
    token: TOKEN,
    orderId: 'o1',
    seatLabel: 'F7',
    state: 'valid',
    showId: 's1',
    movieId: 'm1',
    title: 'Dune III',
    startsAt: '2099-11-26T23:30:00.000Z',
    endsAt: '2099-11-27T02:00:00.000Z',
    date: '2099-11-26',
    day: 'Jueves',
    schedule: '20:30',
    roomId: 3,
    type: '2D',
    cinema: cinemaPlaceOf('centro'),
    ...overrides,
  };
}

function renderPage(session: Session | null = ana) {
  render(
    <MemoryRouter initialEntries={['/mis-entradas']}>
      <MyTicketsPage session={session} />
    </MemoryRouter>,
  );
}

/** The RGBA pixels of the SVG QR the page drew (qrcode's SVG: one path of dark modules on a quiet zone). */
function pixelsOf(image: HTMLImageElement): { data: Uint8ClampedArray; width: number; height: number } {
  const svg = decodeURIComponent(image.src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const dark = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const scale = 4;
  const data = new Uint8ClampedArray(size * scale * size * scale * 4).fill(255);
  const paint = (column: number, row: number) => {
    for (let dy = 0; dy < scale; dy += 1) {
      const offset = ((row * scale + dy) * size * scale + column * scale) * 4;
      for (let dx = 0; dx < scale; dx += 1) data.fill(0, offset + dx * 4, offset + dx * 4 + 3);
    }
  };
  // qrcode's path: 'M3 3.5h7m2 0h2…', runs of dark modules ('h') on the row y - 0.5, moves absolute (M) or relative (m).
  let x = 0;
  let y = 0;
  for (const [, command, first, second] of dark.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    const a = Number(first);
    if (command === 'M') [x, y] = [a, Number(second)];
    else if (command === 'm') [x, y] = [x + a, y + Number(second)];
    else {
      for (let column = x; column < x + a; column += 1) paint(column, Math.floor(y));
      x += a;
    }
  }
  return { data, width: size * scale, height: size * scale };
}

test('lists upcoming tickets first with a QR that reads back as the signed token, and past ones below without it', async () => {
  const api = installFakeApi().on('GET', '/api/tickets/mine', {
    status: 200,
    body: [
      aTicket({
        id: 'old',
        code: 'PAST2345',
        title: 'Vista',
        startsAt: '2020-01-10T23:00:00.000Z',
        endsAt: '2020-01-11T01:00:00.000Z',
        date: '2020-01-10',
        day: 'Viernes',
        state: 'used',
        checkedInAt: '2020-01-10T22:50:00.000Z',
        entrance: 'Puerta 1',
      }),
      aTicket(),
      aTicket({ id: 't2', code: 'REFU2345', seatLabel: 'F8', state: 'refunded' }),
    ],
  });
  renderPage();

  const upcoming = await screen.findByRole('region', { name: 'Próximas funciones' });
  const ticket = within(upcoming).getAllByRole('article', { name: 'Dune III' })[0] as HTMLElement;
  expect(ticket).toHaveTextContent('FechaJueves 26/11/2099');
  expect(ticket).toHaveTextContent('Hora20:30');
  expect(ticket).toHaveTextContent('Sala3');
  expect(ticket).toHaveTextContent('ButacaF7');
  expect(ticket).toHaveTextContent('Formato2D');
  expect(ticket).toHaveTextContent('CódigoABCD2345');
  expect(ticket).toHaveTextContent('EstadoVálida');
  const qr = await within(ticket).findByRole('img', { name: 'Código QR de la entrada ABCD2345, butaca F7' });
  const { data, width, height } = pixelsOf(qr as HTMLImageElement);
  expect(jsQR(data, width, height)?.data).toBe(TOKEN);

  const refunded = within(upcoming).getAllByRole('article')[1] as HTMLElement;
  expect(refunded).toHaveTextContent('EstadoReembolsada');
  expect(within(refunded).queryByRole('img')).not.toBeInTheDocument();

  const past = screen.getByRole('region', { name: 'Funciones pasadas' });
  expect(within(past).getByRole('article')).toHaveTextContent('Vista');
  expect(within(past).getByRole('article')).toHaveTextContent('EstadoUsada el 10/01/2020 19:50 (Puerta 1)');
  expect(api.onlyRequestTo('GET', '/api/tickets/mine').headers.Authorization).toBe('Bearer tok-ana');
  expect(document.title).toBe('Cine — Mis entradas');
});

test('each ticket says its type, and one that requires an ID says to bring it; a ticket sold before types says none', async () => {
  installFakeApi().on('GET', '/api/tickets/mine', {
    status: 200,
    body: [
      aTicket({ ticketType: 'jubilado', ticketTypeName: 'Jubilado', requiresId: true }),
      aTicket({ id: 't2', code: 'EFGH2345', seatLabel: 'F8' }),
    ],
  });
  renderPage();
  const cards = await screen.findAllByRole('article', { name: 'Dune III' });
  const typed = cards.find((card) => card.textContent?.includes('ABCD2345'));
  const untyped = cards.find((card) => card.textContent?.includes('EFGH2345'));
  expect(typed).toHaveTextContent('EntradaJubilado (presenta tu DNI en la entrada)');
  expect(within(untyped as HTMLElement).queryByText('Entrada')).not.toBeInTheDocument();
});

test('a copy the service worker saved says so, with when it was saved', async () => {
  installFakeApi().on('GET', '/api/tickets/mine', {
    status: 200,
    body: [aTicket()],
    headers: { [SAVED_AT_HEADER]: '2026-11-26T21:04:00.000Z' },
  });
  renderPage();
  expect(await screen.findByText('Sin conexión: mostrando las entradas guardadas el 26/11/2026 18:04.')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Dune III' })).toBeInTheDocument();
});

test('offline with nothing saved, the page says how to have them without signal, and retries', async () => {
  let calls = 0;
  installFakeApi().on('GET', '/api/tickets/mine', () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return { status: 200, body: [] };
  });
  renderPage();
  expect(await screen.findByText(/Sin conexión, y este dispositivo no tiene tus entradas guardadas/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText(/Todavía no tienes entradas/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Mira la cartelera por día' })).toHaveAttribute('href', '/cartelera');
});

test("the server's refusal is shown in its words, with Reintentar", async () => {
  installFakeApi().on('GET', '/api/tickets/mine', { status: 500, body: { statusCode: 500, error: 'Hubo problemas. Intente nuevamente.' } });
  renderPage();
  expect(await screen.findByText('Hubo problemas. Intente nuevamente.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
});

test('a guest is asked to sign in and comes back here', () => {
  installFakeApi();
  renderPage(null);
  expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login?volver=%2Fmis-entradas');
});

test('Imprimir entradas opens the print dialog', async () => {
  installFakeApi().on('GET', '/api/tickets/mine', { status: 200, body: [aTicket()] });
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Imprimir entradas' }));
  expect(print).toHaveBeenCalledTimes(1);
});

test('a first visit loads the tickets again once the service worker controls the page, so that answer is saved for offline', async () => {
  const worker = Object.assign(new EventTarget(), { controller: null });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  const api = installFakeApi().on('GET', '/api/tickets/mine', { status: 200, body: [aTicket()] });
  try {
    renderPage();
    await screen.findByRole('article', { name: 'Dune III' });
    expect(api.requestsTo('GET', '/api/tickets/mine')).toHaveLength(1);
    act(() => {
      worker.dispatchEvent(new Event('controllerchange'));
    });
    await waitFor(() => expect(api.requestsTo('GET', '/api/tickets/mine')).toHaveLength(2));
  } finally {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  }
});

test('each ticket names its cinema and the cinema’s address (issue 38)', async () => {
  installFakeApi().on('GET', '/api/tickets/mine', {
    status: 200,
    body: [aTicket({ cinema: { id: 'c1e000000000000000000002', name: 'Cine Norte', address: 'Av. Maipú 2500, Olivos' } })],
  });
  renderPage();
  const cinema = await screen.findByText('Cine', { selector: 'dt' });
  expect(cinema.nextElementSibling).toHaveTextContent('Cine Norte · Av. Maipú 2500, Olivos');
});
