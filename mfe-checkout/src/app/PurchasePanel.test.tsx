import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PricedLine, SeatMapView } from '@cine/contracts';
import type { Session } from '@cine/web-kit';
import { aCandyLine, aCart, aShow, aTicketLine, ana, candyItems, emptyCart, installFakeApi, movie, type FakeApi } from '../test/fixtures';
import { HOLD_LAPSED_TEXT } from '../features/cart/hooks/useHoldCountdown';
import PurchasePanel, { CHOOSE_SHOW_TEXT } from './PurchasePanel';

const thursday = aShow({ id: 's1', date: '2026-11-26', day: 'Jueves', schedule: '20:30', type: '2D', roomId: 3 });
const thursdayLate = aShow({ id: 's2', date: '2026-11-26', day: 'Jueves', schedule: '23:00', type: '3D', roomId: 1 });
const friday = aShow({ id: 's3', date: '2026-11-27', day: 'Viernes', schedule: '18:00' });

/** The booking API of a movie with shows on Thursday and Friday, and the user's cart. */
function bookingApi(cart = emptyCart): FakeApi {
  return installFakeApi()
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [friday, thursdayLate, thursday] })
    .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [thursday, thursdayLate] })
    .on('GET', '/api/show/day?day=2026-11-27&id=m1', { status: 200, body: [friday] })
    .on('POST', '/api/cart/userCart', { status: 200, body: cart })
    .on('GET', '/api/show/s1/seats', { status: 200, body: room3Map });
}

/** Room 3 of show s1: two blocks of 6 seats, 8 rows (E is the preferred row); E6 and F5–F8 taken. */
const room3Map: SeatMapView = {
  showId: 's1',
  roomId: 3,
  version: 4,
  layout: { rows: [12, 12, 12, 12, 12, 12, 12, 12], aisles: [6], wheelchair: ['H1', 'H12'] },
  taken: { E6: 'sold', F5: 'held', F6: 'held', F7: 'sold', F8: 'sold' },
};

/** Comprar, `tickets` tickets, Elegir asientos: the seat map step. */
async function openSeatMap(tickets: number) {
  await chooseThursdayAt2030();
  await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
  for (let n = 0; n < tickets; n += 1) await userEvent.click(screen.getByRole('button', { name: 'Agregar una entrada' }));
  await userEvent.click(screen.getByRole('button', { name: 'Elegir asientos' }));
  return screen.findByRole('grid', { name: 'Asientos de la sala 3' });
}

function renderPanel(session: Session | null = ana) {
  return render(
    <MemoryRouter>
      <PurchasePanel movie={movie} session={session} />
    </MemoryRouter>,
  );
}

const cartButton = () => screen.getByRole('button', { name: /^Carrito/ });
const sidePanel = () => screen.getByRole('complementary', { name: 'Dune III' });

async function chooseThursdayAt2030() {
  await userEvent.selectOptions(await screen.findByLabelText('Día'), 'Jueves 26/11');
  await userEvent.selectOptions(await screen.findByLabelText('Horario'), '20:30');
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('day, time and format selectors', () => {
  test('offer the days with shows, then that day’s times, then the chosen show’s format', async () => {
    const api = bookingApi();
    renderPanel();

    const day = await screen.findByLabelText('Día');
    expect([...(day as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Elige un día', 'Jueves 26/11', 'Viernes 27/11']);
    expect(screen.queryByLabelText('Horario')).not.toBeInTheDocument();

    await userEvent.selectOptions(day, 'Jueves 26/11');
    const time = await screen.findByLabelText('Horario');
    await screen.findByRole('option', { name: '23:00' });
    expect([...(time as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Elige un horario', '20:30', '23:00']);
    expect(api.requestsTo('GET', '/api/show/day?day=2026-11-26&id=m1')).toHaveLength(1);
    expect(screen.queryByLabelText('Formato')).not.toBeInTheDocument();

    await userEvent.selectOptions(time, '23:00');
    const format = screen.getByLabelText('Formato');
    expect(format).toHaveDisplayValue('3D');
    expect(screen.getByText(/Sala 1 · 3D · \$\s8,50 por entrada · 80 butacas libres/)).toBeInTheDocument();

    await userEvent.selectOptions(day, 'Viernes 27/11');
    expect(screen.queryByLabelText('Formato')).not.toBeInTheDocument();
    await screen.findByRole('option', { name: '18:00' });
  });

  test('a show the URL names (a link from the Cartelera por día) is chosen at once: its day, time and format', async () => {
    const linked = aShow({ id: '6b04a48846b7a8f7611761ff', date: '2026-11-27', day: 'Viernes', schedule: '21:15', type: '3D', seats: 42 });
    bookingApi()
      .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [thursday, friday, linked] })
      .on('GET', '/api/show/day?day=2026-11-27&id=m1', { status: 200, body: [friday, linked] });
    window.history.pushState({}, '', `/movies/m1?funcion=${linked.id}`);
    try {
      renderPanel(null);
      await waitFor(() => expect(screen.getByLabelText('Día')).toHaveDisplayValue('Viernes 27/11'));
      expect(await screen.findByLabelText('Horario')).toHaveDisplayValue('21:15');
      expect(await screen.findByLabelText('Formato')).toHaveDisplayValue('3D');
      expect(screen.getByText(/42 butacas libres/)).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  test('back from signing in (comprar=1), the quantity dialog opens on the same show with the same quantity', async () => {
    const linked = aShow({ id: '6b04a48846b7a8f7611761ff', date: '2026-11-26', day: 'Jueves', schedule: '22:00' });
    bookingApi()
      .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [thursday, linked] })
      .on('GET', '/api/show/day?day=2026-11-26&id=m1', { status: 200, body: [thursday, linked] });
    window.history.pushState({}, '', `/movies/m1?funcion=${linked.id}&entradas=3&comprar=1`);
    try {
      renderPanel();
      const dialog = await screen.findByRole('dialog', { name: 'Entradas' });
      expect(within(dialog).getByLabelText('Cantidad de entradas')).toHaveTextContent('3');
      expect(within(dialog).getByText(/Jueves 22:00/)).toBeInTheDocument();
      // Opened by itself, it has no button to give the focus back to: closing it leaves the focus on Comprar.
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Comprar' })).toHaveFocus();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  test('the free seats are read again after a hold', async () => {
    const api = bookingApi().on('POST', '/api/tickets/addTickets', () => {
      api.on('GET', '/api/show/day?day=2026-11-26&id=m1', {
        status: 200,
        body: [{ ...thursday, seats: thursday.seats - 2 }, thursdayLate],
      });
      return {
        status: 200,
        body: {
          showId: 's1',
          seats: 2,
          seatLabels: ['F7', 'F8'],
          heldUntil: new Date(Date.now() + 600_000).toISOString(),
          totalPrice: 1700,
        },
      };
    });
    renderPanel();
    await chooseThursdayAt2030();
    expect(screen.getByText(new RegExp(`${thursday.seats} butacas libres`))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    const dialog = screen.getByRole('dialog', { name: 'Entradas' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar una entrada' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar una entrada' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elegir asientos' }));
    await screen.findByRole('grid', { name: 'Asientos de la sala 3' });
    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
    expect(await screen.findByText(new RegExp(`${thursday.seats - 2} butacas libres`))).toBeInTheDocument();
  });

  test('two shows at the same time offer both formats', async () => {
    bookingApi().on('GET', '/api/show/day?day=2026-11-26&id=m1', {
      status: 200,
      body: [thursday, aShow({ id: 's9', schedule: '20:30', type: '3D', roomId: 5 })],
    });
    renderPanel();
    await chooseThursdayAt2030();
    const format = screen.getByLabelText('Formato') as HTMLSelectElement;
    expect([...format.options].map((o) => o.text)).toEqual(['2D', '3D']);
  });

  test('a movie without shows says so, and a failed load offers Reintentar', async () => {
    const api = installFakeApi()
      .on('GET', '/api/show/all?movieId=m1', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible' } })
      .on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
    api.on('GET', '/api/show/all?movieId=m1', { status: 200, body: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay funciones programadas para esta película.')).toBeInTheDocument();
  });
});

describe('Comprar and the ticket quantity', () => {
  test('a guest is asked to log in, with a link to /login, and nothing is held', async () => {
    const api = bookingApi();
    renderPanel(null);
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    const dialog = screen.getByRole('dialog', { name: 'Debes iniciar sesion para Comprar' });
    // Signing in or registering comes back to this movie, with Comprar pressed again (the return-to-place).
    expect(within(dialog).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/login?volver=%2Fmovies%2Fm1%3Fcomprar%3D1',
    );
    expect(within(dialog).getByRole('link', { name: 'regístrate' })).toHaveAttribute(
      'href',
      '/register?volver=%2Fmovies%2Fm1%3Fcomprar%3D1',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/tickets/addTickets')).toHaveLength(0);
    expect(api.requestsTo('POST', '/api/cart/userCart')).toHaveLength(0);
  });

  test('without a chosen show the user is told what to pick', async () => {
    bookingApi();
    renderPanel();
    await screen.findByLabelText('Día');
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    expect(screen.getByText(CHOOSE_SHOW_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the count starts at 0 and never goes below it', async () => {
    const api = bookingApi();
    renderPanel();
    await chooseThursdayAt2030();
    await userEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    const dialog = screen.getByRole('dialog', { name: 'Entradas' });
    const count = within(dialog).getByLabelText('Cantidad de entradas');
    const minus = within(dialog).getByRole('button', { name: 'Quitar una entrada' });
    const plus = within(dialog).getByRole('button', { name: 'Agregar una entrada' });
    const goToCart = within(dialog).getByRole('button', { name: 'Elegir asientos' });

    expect(count).toHaveTextContent('0');
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(goToCart).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(goToCart);
    expect(screen.getByRole('dialog', { name: 'Entradas' })).toBeInTheDocument();
    await userEvent.click(plus);
    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(count).toHaveTextContent('3');
    await userEvent.click(minus);
    await userEvent.click(minus);
    await userEvent.click(minus);
    expect(count).toHaveTextContent('0');
    // Still focusable (aria-disabled), so the keyboard user's focus stays on it.
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).toHaveFocus();
    await userEvent.click(minus);
    expect(count).toHaveTextContent('0');
    expect(api.requestsTo('POST', '/api/tickets/addTickets')).toHaveLength(0);
  });

  test('the seat map opens with the best adjacent seats chosen, and is used by keyboard', async () => {
    bookingApi();
    renderPanel();
    const grid = await openSeatMap(2);
    // Row E has E6 taken: the pair goes to the right block's seats nearest the centre, E7 and E8.
    expect(await within(grid).findByRole('button', { name: 'Fila E, asiento 7, $ 8,50, tu selección' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(grid).getByRole('button', { name: 'Fila E, asiento 8, $ 8,50, tu selección' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(grid).getByRole('button', { name: 'Fila E, asiento 6, ocupado' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getByRole('button', { name: 'Fila H, asiento 1, espacio para silla de ruedas, libre' })).toBeInTheDocument();
    expect(screen.getByText('Elegiste los asientos E7 y E8 (2 de 2).')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    // The focus came onto the map, on the first chosen seat (the Elegir asientos button is gone).
    expect(within(grid).getByRole('button', { name: 'Fila E, asiento 7, $ 8,50, tu selección' })).toHaveFocus();

    // One Tab stop; arrows move; with both seats chosen, Space on another changes nothing and says why.
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(grid).getByRole('button', { name: 'Fila F, asiento 11, $ 8,50, libre' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft} ');
    expect(
      screen.getByText('Ya elegiste tus 2 asientos. Para elegir F9, toca primero uno de los tuyos para quitarlo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Elegiste los asientos E7 y E8 (2 de 2).')).toBeInTheDocument();
    // Taking E7 out first, F9 joins.
    await userEvent.click(within(grid).getByRole('button', { name: 'Fila E, asiento 7, $ 8,50, tu selección' }));
    within(grid).getByRole('button', { name: 'Fila F, asiento 9, $ 8,50, libre' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByText('Elegiste los asientos E8 y F9 (2 de 2).')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Fila F, asiento 9, $ 8,50, tu selección' })).toHaveFocus();
    // Space on a taken seat changes nothing.
    await userEvent.keyboard('{ArrowLeft} ');
    expect(screen.getByText('Elegiste los asientos E8 y F9 (2 de 2).')).toBeInTheDocument();
    // E8 and E10 leave E9 alone between them, and E7 between the taken E6 and E8: warned, not blocked.
    await userEvent.click(within(grid).getByRole('button', { name: 'Fila F, asiento 9, $ 8,50, tu selección' }));
    await userEvent.click(within(grid).getByRole('button', { name: 'Fila E, asiento 10, $ 8,50, libre' }));
    expect(screen.getByRole('note')).toHaveTextContent('No dejes un asiento libre aislado entre ocupados (E7 y E9).');
    expect(screen.getByRole('button', { name: 'Ir al Carrito' })).toHaveAttribute('aria-disabled', 'false');
    // Some twenty key presses and clicks: more than jest's 5 s on a busy machine.
  }, 20_000);

  test('seats the buyer holds already are theirs on the map (chosen, not taken), and holding again sends them', async () => {
    const api = bookingApi(aCart([aTicketLine({ seatLabels: ['F5', 'F6'] })])).on('POST', '/api/tickets/addTickets', {
      status: 201,
      body: { showId: 's1', seats: 2, seatLabels: ['F5', 'F6'], heldUntil: aTicketLine().heldUntil, totalPrice: 1700 },
    });
    renderPanel();
    const grid = await openSeatMap(2);
    expect(await within(grid).findByRole('button', { name: 'Fila F, asiento 5, $ 8,50, tu selección' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(grid).getByRole('button', { name: 'Fila F, asiento 6, $ 8,50, tu selección' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(grid).getByRole('button', { name: 'Fila F, asiento 7, ocupado' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Elegiste los asientos F5 y F6 (2 de 2).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
    await waitFor(() => expect(api.onlyRequestTo('POST', '/api/tickets/addTickets').body).toMatchObject({ seatLabels: ['F5', 'F6'] }));
  });

  test('Ir al Carrito holds the seats and opens the checkout panel with the cart the server answers', async () => {
    const api = bookingApi().on('POST', '/api/tickets/addTickets', () => {
      api.on('POST', '/api/cart/userCart', { status: 200, body: aCart() });
      return {
        status: 201,
        body: { showId: 's1', seats: 2, seatLabels: ['F7', 'F8'], heldUntil: aTicketLine().heldUntil, totalPrice: 1700 },
      };
    });
    renderPanel();
    expect(cartButton()).toBeDisabled();
    await openSeatMap(2);
    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));

    const panel = await screen.findByRole('complementary', { name: 'Dune III' });
    const hold = api.onlyRequestTo('POST', '/api/tickets/addTickets');
    expect(hold.body).toEqual({ userId: 'u-ana', seats: 2, showId: 's1', seatLabels: ['E7', 'E8'] });
    expect(hold.headers.Authorization).toBe('Bearer tok-ana');
    expect(api.requestsTo('POST', '/api/cart/userCart').at(-1)!.body).toEqual({ idUser: 'u-ana' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(within(panel).getByTitle('Tráiler de Dune III')).toHaveAttribute('src', movie.Trailer);
    expect(within(panel).getByText('Entradas: 2 (butacas F7, F8)')).toBeInTheDocument();
    expect(within(panel).getByText('Fecha: Jueves 20:30')).toBeInTheDocument();
    expect(within(panel).getByText('Sala : 3')).toBeInTheDocument();
    expect(within(panel).getByText('Idioma: Español')).toBeInTheDocument();
    expect(within(panel).getByText('Total a pagar : $ 17,00')).toBeInTheDocument();
    expect(cartButton()).toBeEnabled();
    expect(cartButton()).toHaveAttribute('aria-expanded', 'true');
  });

  test('a refusal (a chosen seat taken meanwhile) is shown in Spanish and the dialog and the choice stay', async () => {
    bookingApi().on('POST', '/api/tickets/addTickets', {
      status: 409,
      body: { statusCode: 409, error: 'El asiento E7 ya no está disponible: elige otro.' },
    });
    renderPanel();
    await openSeatMap(2);
    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
    const dialog = screen.getByRole('dialog', { name: 'Entradas' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El asiento E7 ya no está disponible: elige otro.');
    expect(screen.getByText('Elegiste los asientos E7 y E8 (2 de 2).')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('the cart button and the checkout panel', () => {
  test('is disabled with 0 tickets, so no panel can show', async () => {
    bookingApi(emptyCart);
    renderPanel();
    await screen.findByLabelText('Día');
    expect(cartButton()).toBeDisabled();
    expect(cartButton()).toHaveTextContent('Carrito (0 entradas)');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('toggles the panel of a held cart; the close button and Escape hide it', async () => {
    bookingApi(aCart());
    renderPanel();
    await screen.findByRole('button', { name: 'Carrito (2 entradas)' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    await userEvent.click(cartButton());
    expect(sidePanel()).toBeInTheDocument();
    await userEvent.click(cartButton());
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    await userEvent.click(cartButton());
    await userEvent.click(within(sidePanel()).getByRole('button', { name: 'Cerrar carrito' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(cartButton()).toHaveFocus();

    await userEvent.click(cartButton());
    expect(within(sidePanel()).getByRole('heading', { name: 'Dune III' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test("lines the cart leaves empty read the spec's defaults; another movie's ticket shows no trailer", async () => {
    bookingApi(aCart([aTicketLine({ title: '', day: '' as never, schedule: '', movieId: 'other' })]));
    render(
      <MemoryRouter>
        <PurchasePanel movie={{ ...movie, Title: '', Language: ' ' }} session={ana} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    const panel = screen.getByRole('complementary', { name: 'generic title' });
    expect(within(panel).getByText('Fecha: Jueves 0:00')).toBeInTheDocument();
    expect(within(panel).getByText('Idioma: Español')).toBeInTheDocument();
    expect(within(panel).queryByTitle(/Tráiler/)).not.toBeInTheDocument();
    expect(within(panel).getByText('El tráiler no está disponible en este momento.')).toBeInTheDocument();
  });

  test("the movie's language is shown when the page gives it", async () => {
    bookingApi(aCart());
    render(
      <MemoryRouter>
        <PurchasePanel movie={{ ...movie, Language: 'Inglés' }} session={ana} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    expect(within(sidePanel()).getByText('Idioma: Inglés')).toBeInTheDocument();
  });

  test('Dulceria: Agregar and Eliminar show the total the server answers', async () => {
    const withNachos = aCart([aTicketLine()], [aCandyLine({ quantity: 2, totalPrice: 2500 })]);
    const api = bookingApi(aCart())
      .on('GET', '/api/candy', { status: 200, body: candyItems })
      .on('POST', '/api/candy/add', { status: 200, body: withNachos })
      .on('POST', '/api/candy/delete', { status: 200, body: aCart() });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    expect(within(sidePanel()).getByText('Total a pagar : $ 17,00')).toBeInTheDocument();

    await userEvent.click(within(sidePanel()).getByRole('button', { name: 'Dulceria' }));
    const dialog = screen.getByRole('dialog', { name: '¡Disfruta de tu funcion con estas promos!' });
    const nachos = await within(dialog).findByRole('listitem', { name: 'COMBO NACHOS' });
    expect(within(nachos).getByRole('img', { name: 'COMBO NACHOS' })).toHaveAttribute('src', '/api/candy/images/nachos.svg');
    expect(within(nachos).getByText('Price: $ 12,50')).toBeInTheDocument();
    const quantity = within(nachos).getByLabelText('Cantidad');
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveAttribute('max', '100');
    expect(within(nachos).getByRole('button', { name: 'Eliminar' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(nachos).getByRole('button', { name: 'Eliminar' }));
    expect(api.requestsTo('POST', '/api/candy/delete')).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(within(nachos).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('Total del pedido: $ 42,00')).toBeInTheDocument();
    const add = api.onlyRequestTo('POST', '/api/candy/add');
    expect(add.body).toEqual({ index: 'c2', quantity: 2, userId: 'u-ana' });
    expect(add.headers.Authorization).toBe('Bearer tok-ana');
    expect(within(nachos).getByText('En tu pedido: 2')).toBeInTheDocument();

    await userEvent.click(within(nachos).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Total del pedido: $ 17,00')).toBeInTheDocument();
    expect(api.onlyRequestTo('POST', '/api/candy/delete').body).toEqual({ index: 'c2', userId: 'u-ana' });

    await userEvent.click(within(nachos).getByRole('button', { name: 'Agregar' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Escape closed the modal only; the panel shows the newest server total.
    expect(within(sidePanel()).getByText('Total a pagar : $ 42,00')).toBeInTheDocument();
    expect(within(sidePanel()).getByText('COMBO NACHOS × 2')).toBeInTheDocument();
  });

  test('Escape closes the promos modal even when focus left it, and leaves the panel open', async () => {
    bookingApi(aCart()).on('GET', '/api/candy', { status: 200, body: candyItems });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    await userEvent.click(within(sidePanel()).getByRole('button', { name: 'Dulceria' }));
    await screen.findByRole('listitem', { name: 'COMBO NACHOS' });
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sidePanel()).toBeInTheDocument();
  });

  test('a candy quantity outside 1 to 100 is refused before sending', async () => {
    const api = bookingApi(aCart()).on('GET', '/api/candy', { status: 200, body: candyItems });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    await userEvent.click(within(sidePanel()).getByRole('button', { name: 'Dulceria' }));
    const nachos = await screen.findByRole('listitem', { name: 'COMBO NACHOS' });
    const quantity = within(nachos).getByLabelText('Cantidad');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '101');
    await userEvent.click(within(nachos).getByRole('button', { name: 'Agregar' }));
    expect(within(nachos).getByRole('alert')).toHaveTextContent('La cantidad debe estar entre 1 y 100.');
    expect(api.requestsTo('POST', '/api/candy/add')).toHaveLength(0);
  });
});

describe('payment', () => {
  async function openPayment() {
    await userEvent.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    await userEvent.click(within(sidePanel()).getByRole('button', { name: 'Realizar Pago' }));
    return screen.getByRole('dialog', { name: 'Metodo de Pago' });
  }

  test('the approved test card pays: success toast, the cart reloads empty, the panel hides, the toast closes after 5000 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = bookingApi(aCart()).on('POST', '/api/movies/checkout', () => {
      api.on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
      return { status: 200, body: { message: 'Payment received', order: {} } };
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    await user.click(within(sidePanel()).getByRole('button', { name: 'Realizar Pago' }));
    const dialog = screen.getByRole('dialog', { name: 'Metodo de Pago' });
    expect(within(dialog).getByRole('radio', { name: /4242 4242 4242 4242/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Pago' }));

    const toast = await screen.findByText('Pago realizado con éxito');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    const checkout = api.onlyRequestTo('POST', '/api/movies/checkout');
    expect(checkout.body).toEqual({ ticket: 2, show: 's1', idUser: 'u-ana', paymentMethodId: 'pm_card_visa' });
    expect(checkout.headers.Authorization).toBe('Bearer tok-ana');
    await screen.findByRole('button', { name: 'Carrito (0 entradas)' });
    expect(cartButton()).toBeDisabled();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Pago realizado con éxito')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Pago realizado con éxito')).not.toBeInTheDocument();
  });

  test('a declined card shows the rejection toast, keeps the cart, and the toast closes after 5000 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = bookingApi(aCart()).on('POST', '/api/movies/checkout', {
      status: 402,
      body: { statusCode: 402, error: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.', code: 'card_declined' },
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    await user.click(within(sidePanel()).getByRole('button', { name: 'Realizar Pago' }));
    const dialog = screen.getByRole('dialog', { name: 'Metodo de Pago' });
    await user.click(within(dialog).getByRole('radio', { name: /4000 0000 0000 0002/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Pago' }));

    const [toast] = await screen.findAllByText('Su tarjeta ha sido rechazada. Intente nuevamente');
    expect(toast?.closest('[role="alert"]')).not.toBeNull();
    // Inside the dialog too, next to the card form: why, and what to do next.
    const explained = within(dialog).getByRole('alert');
    expect(explained).toHaveTextContent('Su tarjeta ha sido rechazada. Intente nuevamente');
    expect(explained).toHaveTextContent('Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
    expect(explained).toHaveTextContent(
      /No se cobró nada\. Prueba con otra tarjeta o consulta a tu banco; tus butacas siguen reservadas hasta las \d\d:\d\d\./,
    );
    expect(api.onlyRequestTo('POST', '/api/movies/checkout').body).toMatchObject({ paymentMethodId: 'pm_card_chargeDeclined' });
    expect(sidePanel()).toBeInTheDocument();
    expect(cartButton()).toBeEnabled();

    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getAllByText('Su tarjeta ha sido rechazada. Intente nuevamente')).toHaveLength(1);
    expect(within(dialog).getByText('Su tarjeta ha sido rechazada. Intente nuevamente')).toBeInTheDocument();
  });

  test('the dialog says what is paid and for what before the card: the tickets, the candy and the total', async () => {
    bookingApi(aCart([aTicketLine()], [aCandyLine({ name: 'COMBO NACHOS', quantity: 2, totalPrice: 2500 })]));
    renderPanel();
    const dialog = await openPayment();
    const amount = within(dialog).getByLabelText('Resumen del pago');
    expect(amount).toHaveTextContent('2 entradas · Dune III (butacas F7, F8)$ 17,00');
    expect(amount).toHaveTextContent('COMBO NACHOS × 2$ 25,00');
    expect(amount).toHaveTextContent('Total a pagar :$ 42,00');
  });

  test('the cart and the payment step list each ticket: seat, type, base price, each surcharge and its total', async () => {
    const lines: PricedLine[] = [
      { seatLabel: 'F7', type: 'general', typeName: 'General', category: 'standard', base: 850, surcharges: [], total: 850 },
      {
        seatLabel: 'F8',
        type: 'jubilado',
        typeName: 'Jubilado',
        category: 'premium',
        base: 550,
        surcharges: [{ reason: 'Butaca premium', amount: 300 }],
        total: 850,
      },
    ];
    bookingApi(aCart([aTicketLine({ lines })]));
    renderPanel();
    const dialog = await openPayment();
    const panelLines = within(sidePanel()).getByRole('list', { name: 'Entradas en tu pedido' });
    expect(panelLines).toHaveTextContent('Butaca F7 · General$ 8,50');
    expect(panelLines).toHaveTextContent('Butaca F8 · Jubilado$ 8,50Precio base$ 5,50Butaca premium+ $ 3,00');
    const paid = within(dialog).getByRole('list', { name: 'Entradas de Dune III' });
    expect(paid).toHaveTextContent('Butaca F8 · Jubilado$ 8,50Precio base$ 5,50Butaca premium+ $ 3,00');
    expect(within(dialog).getByLabelText('Resumen del pago')).toHaveTextContent('Total a pagar :$ 17,00');
  });

  test('a failure that is not about the card shows its own message in the dialog', async () => {
    bookingApi(aCart()).on('POST', '/api/movies/checkout', {
      status: 409,
      body: { statusCode: 409, error: 'Tu reserva venció. Elige tus entradas nuevamente.' },
    });
    renderPanel();
    const dialog = await openPayment();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Realizar Pago' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tu reserva venció. Elige tus entradas nuevamente.');
    expect(screen.queryByText('Su tarjeta ha sido rechazada. Intente nuevamente')).not.toBeInTheDocument();
  });

  test('Tab stays inside the payment dialog', async () => {
    bookingApi(aCart());
    renderPanel();
    const dialog = await openPayment();
    const approved = within(dialog).getByRole('radio', { name: /4242/ });
    expect(approved).toHaveFocus();
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('Realizar Pago in the panel toggles the payment view', async () => {
    bookingApi(aCart());
    renderPanel();
    await openPayment();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const toggle = within(sidePanel()).getByRole('button', { name: 'Realizar Pago' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the hold countdown', () => {
  test('counts down to heldUntil; when it lapses it says so, releases the seats and the panel goes', async () => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-26T20:00:00.000Z'));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = bookingApi(aCart([aTicketLine({ heldUntil: '2026-11-26T20:01:05.000Z' })])).on('POST', '/api/tickets/delete', () => {
      api.on('POST', '/api/cart/userCart', { status: 200, body: emptyCart });
      return { status: 200, body: { message: 'ok' } };
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Carrito (2 entradas)' }));
    expect(within(sidePanel()).getByRole('timer')).toHaveTextContent('Tus butacas están reservadas por 1:05 minutos');

    act(() => jest.advanceTimersByTime(5000));
    expect(within(sidePanel()).getByRole('timer')).toHaveTextContent('1:00');
    act(() => jest.advanceTimersByTime(60_000));

    expect(await screen.findByText(HOLD_LAPSED_TEXT)).toBeInTheDocument();
    expect(api.onlyRequestTo('POST', '/api/tickets/delete').body).toEqual({ userId: 'u-ana', showId: 's1' });
    await screen.findByRole('button', { name: 'Carrito (0 entradas)' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
