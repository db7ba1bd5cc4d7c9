import type { SeatMapView, ShowView } from '@cine/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aShow, ana, installFakeApi, type FakeApi } from '../../../test/fixtures';
import { TicketQuantityDialog } from './TicketQuantityDialog';

/** A show selling three types (issue 37): General, Menor and Jubilado, which asks for an ID. */
const typed: ShowView = aShow({
  price: 1400,
  priceCard: { id: 'card-1', name: 'Tarifa general' },
  prices: [
    { type: 'general', name: 'General', description: '', requiresId: false, price: 1400 },
    { type: 'menor', name: 'Menor (hasta 12 años)', description: 'Hasta 12 años inclusive', requiresId: false, price: 1000 },
    { type: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, price: 1100 },
  ],
});

/** Three rows of 4: A1 a wheelchair space with its companion A2, row C premium (+ $ 3,00). */
const roomMap: SeatMapView = {
  showId: 's1',
  roomId: 3,
  version: 1,
  layout: {
    rows: [4, 4, 4],
    aisles: [],
    wheelchair: ['A1'],
    categories: { A1: 'wheelchair', A2: 'companion', C1: 'premium', C2: 'premium', C3: 'premium', C4: 'premium' },
    companions: { A2: 'A1' },
  },
  taken: { B4: 'sold' },
  categorySurcharges: { premium: 300 },
};

const COMPANION_NOTE = 'Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta 2 h antes de la función';

function seatApi(): FakeApi {
  return installFakeApi().on('GET', '/api/show/s1/seats', { status: 200, body: roomMap });
}

function renderDialog(show: ShowView = typed, onHeld = jest.fn()) {
  render(<TicketQuantityDialog session={ana} show={show} onClose={jest.fn()} onHeld={onHeld} />);
  return { dialog: screen.getByRole('dialog', { name: 'Entradas' }), onHeld };
}

const add = (name: string) => userEvent.click(screen.getByRole('button', { name: `Agregar una entrada ${name}` }));
const remove = (name: string) => userEvent.click(screen.getByRole('button', { name: `Quitar una entrada ${name}` }));

/** The map with its suggested seats taken out, so a test picks its own. */
async function emptySelection() {
  const grid = await screen.findByRole('grid', { name: 'Asientos de la sala 3' });
  await waitFor(() => expect(within(grid).getAllByRole('button', { pressed: true }).length).toBeGreaterThan(0));
  for (const seat of within(grid).getAllByRole('button', { pressed: true })) await userEvent.click(seat);
  return grid;
}

describe('the quantity dialog of a show with several ticket types', () => {
  test('has one counter per type with its name, description and price, never below 0, and the total as they change', async () => {
    seatApi();
    const { dialog } = renderDialog();
    const types = within(dialog).getByRole('list', { name: 'Tipos de entrada' });
    const rows = within(types).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Menor (hasta 12 años)');
    expect(rows[1]).toHaveTextContent('$ 10,00');
    expect(rows[1]).toHaveTextContent('Hasta 12 años inclusive');
    expect(rows[2]).toHaveTextContent('Presentar DNI o credencial en la entrada');
    for (const name of ['General', 'Menor (hasta 12 años)', 'Jubilado']) {
      expect(within(dialog).getByLabelText(`Entradas ${name}`)).toHaveTextContent('0');
      expect(within(dialog).getByRole('button', { name: `Quitar una entrada ${name}` })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(dialog).getByText(/Total:/)).toHaveTextContent('0 entradas · Total: $ 0,00');
    expect(within(dialog).getByRole('button', { name: 'Elegir asientos' })).toHaveAttribute('aria-disabled', 'true');

    await add('General');
    await add('General');
    await add('Menor (hasta 12 años)');
    expect(within(dialog).getByLabelText('Entradas General')).toHaveTextContent('2');
    expect(within(dialog).getByText(/Total:/)).toHaveTextContent('3 entradas · Total: $ 38,00');

    await remove('Menor (hasta 12 años)');
    await remove('Menor (hasta 12 años)');
    expect(within(dialog).getByLabelText('Entradas Menor (hasta 12 años)')).toHaveTextContent('0');
    expect(within(dialog).getByText(/Total:/)).toHaveTextContent('2 entradas · Total: $ 28,00');
    expect(within(dialog).getByRole('button', { name: 'Elegir asientos' })).toHaveAttribute('aria-disabled', 'false');
  });

  test('a show selling one type looks as it always did: one counter and its price each', () => {
    seatApi();
    const { dialog } = renderDialog(aShow());
    expect(within(dialog).queryByRole('list', { name: 'Tipos de entrada' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/\$ 8,50 c\/u$/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Cantidad de entradas')).toHaveTextContent('0');
    expect(within(dialog).getByRole('button', { name: 'Agregar una entrada' })).toBeInTheDocument();
  });
});

describe('the seat map of a show with ticket types and seat categories', () => {
  test("names each seat's category and price, explains the companion seat, prices the selection and holds each seat with its type", async () => {
    const api = seatApi().on('POST', '/api/tickets/addTickets', {
      status: 200,
      body: {
        showId: 's1',
        seats: 3,
        seatLabels: ['C1', 'C2', 'C3'],
        heldUntil: new Date(Date.now() + 600_000).toISOString(),
        totalPrice: 4700,
      },
    });
    const { onHeld } = renderDialog();
    await add('General');
    await add('General');
    await add('Menor (hasta 12 años)');
    await userEvent.click(screen.getByRole('button', { name: 'Elegir asientos' }));
    expect(screen.getByText(/2 General y 1 Menor \(hasta 12 años\)$/)).toBeInTheDocument();
    const grid = await emptySelection();

    // A free seat reads at the first ticket's price (General) with its category's surcharge.
    expect(within(grid).getByRole('button', { name: 'Fila C, asiento 3, premium, $ 17,00, libre' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Fila B, asiento 1, $ 14,00, libre' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Fila B, asiento 4, ocupado' })).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Fila A, asiento 1, espacio para silla de ruedas, $ 14,00, libre' }),
    ).toBeInTheDocument();
    const companion = within(grid).getByRole('button', { name: 'Fila A, asiento 2, butaca de acompañante, $ 14,00, libre' });
    expect(companion).toHaveAccessibleDescription(COMPANION_NOTE);
    const legend = screen.getByRole('list', { name: 'Referencias' });
    expect(legend).toHaveTextContent('Premium');
    expect(legend).toHaveTextContent(COMPANION_NOTE);

    for (const number of [1, 2, 3])
      await userEvent.click(within(grid).getByRole('button', { name: new RegExp(`^Fila C, asiento ${number},`) }));
    // The types go to the seats in room order: C1 and C2 General, C3 Menor.
    expect(within(grid).getByRole('button', { name: 'Fila C, asiento 3, premium, $ 13,00, tu selección' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Fila C, asiento 1, premium, $ 17,00, tu selección' })).toBeInTheDocument();
    expect(screen.getByText('Precio de tu selección: $ 47,00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
    await waitFor(() => expect(onHeld).toHaveBeenCalled());
    expect(api.onlyRequestTo('POST', '/api/tickets/addTickets').body).toEqual({
      userId: 'u-ana',
      showId: 's1',
      tickets: [
        { seatLabel: 'C1', type: 'general' },
        { seatLabel: 'C2', type: 'general' },
        { seatLabel: 'C3', type: 'menor' },
      ],
    });
  }, 20_000);

  test("General tickets alone still go as seats; the server's refusal of a companion seat alone is shown", async () => {
    const refusal = 'La butaca A2 es de acompañante: se vende junto con el espacio para silla de ruedas A1 hasta 2 h antes de la función.';
    const api = seatApi().on('POST', '/api/tickets/addTickets', { status: 409, body: { statusCode: 409, error: refusal } });
    renderDialog();
    await add('General');
    await userEvent.click(screen.getByRole('button', { name: 'Elegir asientos' }));
    const grid = await emptySelection();
    await userEvent.click(within(grid).getByRole('button', { name: /^Fila A, asiento 2,/ }));
    expect(screen.getByText('Precio de tu selección: $ 14,00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ir al Carrito' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(api.onlyRequestTo('POST', '/api/tickets/addTickets').body).toEqual({
      userId: 'u-ana',
      seats: 1,
      showId: 's1',
      seatLabels: ['A2'],
    });
  }, 20_000);
});
