import type { PriceCard, SeatMapView, ShowView, Surcharges, TicketType } from '@cine/contracts';
import {
  anotherInstance,
  adminHeaders,
  createShow,
  newId,
  postShow,
  publishMovie,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

// TEST_NOW is Wednesday 2026-03-11, 12:00 in the cinema (America/Argentina/Buenos_Aires).

let booking: BookingUnderTest;
let movieId: string;
let movie3d: string;

beforeAll(async () => {
  booking = await startBooking();
  movieId = (await publishMovie(booking.context)).movieId;
  movie3d = (await publishMovie(booking.context, { type: '3D', title: 'Profundidad' })).movieId;
});
afterAll(() => booking.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: object, headers: Record<string, string> | null = adminHeaders(booking.app)) {
  return booking.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
}

let room = 0;
/** A show on its own room and day: rooms 1–4 in turn (room 5 is the seat map's). */
async function show(data: { date: string; schedule: string; type?: '2D' | '3D'; priceCardId?: string; price?: number }): Promise<ShowView> {
  room = (room % 4) + 1;
  const { type = '2D', ...rest } = data;
  return createShow(booking, { movieId: type === '3D' ? movie3d : movieId, roomId: room, type, ...rest } as never);
}

async function oneShow(id: string): Promise<ShowView> {
  return (await call('GET', `/show/one/${id}`, undefined, null)).json<ShowView>();
}

describe('ticket types', () => {
  it('are seeded, and anyone lists the active ones', async () => {
    const listed = await call('GET', '/pricing/ticket-types', undefined, null);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<TicketType[]>().map((type) => [type.code, type.name, type.requiresId])).toEqual([
      ['general', 'General', false],
      ['menor', 'Menor (hasta 12 años)', false],
      ['jubilado', 'Jubilado', true],
      ['estudiante', 'Estudiante', true],
    ]);
  });

  it('are added, changed and deleted by an admin; an inactive one is listed to the admin alone', async () => {
    const added = await call('POST', '/pricing/ticket-types', {
      code: 'docente',
      name: 'Docente',
      description: 'Presentar credencial docente',
      requiresId: true,
      active: true,
    });
    expect(added.statusCode).toBe(201);
    const changed = await call('PUT', '/pricing/ticket-types/docente', {
      name: 'Docente',
      description: 'Presentar credencial docente',
      requiresId: true,
      active: false,
    });
    expect(changed.json()).toMatchObject({ code: 'docente', active: false });
    const guest = (await call('GET', '/pricing/ticket-types', undefined, null)).json<TicketType[]>();
    expect(guest.map((type) => type.code)).not.toContain('docente');
    const user = (await call('GET', '/pricing/ticket-types', undefined, userHeaders(booking.app, newId()))).json<TicketType[]>();
    expect(user.map((type) => type.code)).not.toContain('docente');
    const admin = (await call('GET', '/pricing/ticket-types')).json<TicketType[]>();
    expect(admin.map((type) => type.code)).toEqual(['general', 'menor', 'jubilado', 'estudiante', 'docente']);
    expect((await call('DELETE', '/pricing/ticket-types/docente')).json()).toEqual({ message: 'Tipo de entrada eliminado.' });
    expect((await call('DELETE', '/pricing/ticket-types/docente')).statusCode).toBe(404);
  });

  it('refuses a code taken (409), a bad code or a price out of range (400), and callers who are not admins (403)', async () => {
    const taken = await call('POST', '/pricing/ticket-types', {
      code: 'menor',
      name: 'Otro',
      description: '',
      requiresId: false,
      active: true,
    });
    expect(taken.json()).toEqual({ statusCode: 409, error: 'Ya existe un tipo de entrada con el código «menor».' });
    const bad = await call('POST', '/pricing/ticket-types', { code: 'X', name: 'Otro', description: '', requiresId: false, active: true });
    expect(bad.statusCode).toBe(400);
    const user = await call(
      'POST',
      '/pricing/ticket-types',
      { code: 'otro', name: 'Otro', description: '', requiresId: false, active: true },
      userHeaders(booking.app, newId()),
    );
    expect(user.statusCode).toBe(403);
    expect(
      (await call('PUT', '/pricing/ticket-types/nada', { name: 'Nada', description: '', requiresId: false, active: true })).json(),
    ).toEqual({
      statusCode: 404,
      error: 'No existe el tipo de entrada.',
    });
    expect(
      (await call('POST', '/pricing/cards', { name: 'Cara', prices: { general: 10_000_001 }, rules: {}, priority: 3 })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/pricing/cards', undefined, userHeaders(booking.app, newId()))).statusCode).toBe(403);
    expect((await call('GET', '/pricing/surcharges', undefined, null)).statusCode).toBe(401);
    // Keys of another form (the fuzzing sent 'a.b', which the database cannot store) are refused by the schema.
    expect((await call('PUT', '/pricing/surcharges', { formats: { 'a.b': 1 }, categories: {} })).statusCode).toBe(400);
    expect((await call('PUT', '/pricing/surcharges', { formats: {}, categories: { $premium: 1 } })).statusCode).toBe(400);
    expect((await call('POST', '/pricing/cards', { name: 'Rara', prices: { 'General.x': 100 }, rules: {}, priority: 3 })).statusCode).toBe(
      400,
    );
  });

  it('cannot be deleted while a card prices it, or at all for General: it can be deactivated', async () => {
    const inCard = await call('DELETE', '/pricing/ticket-types/menor');
    expect(inCard.json()).toEqual({
      statusCode: 409,
      error:
        'El tipo de entrada «Menor (hasta 12 años)» no se puede eliminar: la tarifa «Día del espectador» le pone precio. Puedes desactivarlo para que no se venda más.',
    });
    expect((await call('DELETE', '/pricing/ticket-types/general')).statusCode).toBe(409);
  });

  it('cannot be deleted while a show sells it', async () => {
    await call('POST', '/pricing/ticket-types', { code: 'pase', name: 'Pase', description: '', requiresId: false, active: true });
    const card = (
      await call('POST', '/pricing/cards', {
        name: 'Con pase',
        prices: { general: 900, pase: 100 },
        rules: { dates: { from: '2026-09-01', to: '2026-09-01' } },
        priority: 500,
      })
    ).json<PriceCard>();
    const sold = await show({ date: '2026-09-01', schedule: '20:00' });
    expect(sold.prices.map((price) => price.type)).toEqual(['general', 'pase']);
    // The card forgets the type: the shows on sale stop selling it, a cancelled one keeps what it had.
    const kept = await show({ date: '2026-09-01', schedule: '14:00' });
    expect((await call('POST', `/show/one/${kept.id}/cancel`, { reason: 'Prueba' })).statusCode).toBe(202);
    expect(
      (await call('PUT', `/pricing/cards/${card.id}`, { name: 'Con pase', prices: { general: 900 }, rules: card.rules, priority: 500 }))
        .statusCode,
    ).toBe(200);
    expect((await oneShow(sold.id)).prices.map((price) => price.type)).toEqual(['general']);
    expect((await call('DELETE', '/pricing/ticket-types/pase')).json().error).toBe(
      'El tipo de entrada «Pase» no se puede eliminar: figura en 1 función. Puedes desactivarlo para que no se venda más.',
    );
  });

  it('cannot be deleted while an order carries it', async () => {
    await call('POST', '/pricing/ticket-types', { code: 'vale', name: 'Vale', description: '', requiresId: false, active: true });
    // An order's priced lines as the purchase stores them (only their types matter here).
    const orders = booking.context.db.collection('orders');
    const { insertedId } = await orders.insertOne({ lines: [{ seatLabel: 'F5', type: 'vale' }] });
    expect((await call('DELETE', '/pricing/ticket-types/vale')).json()).toEqual({
      statusCode: 409,
      error: 'El tipo de entrada «Vale» no se puede eliminar: figura en 1 compra. Puedes desactivarlo para que no se venda más.',
    });
    await orders.deleteOne({ _id: insertedId });
    expect((await call('DELETE', '/pricing/ticket-types/vale')).statusCode).toBe(200);
  });
});

describe('price cards', () => {
  it('are seeded, highest priority first', async () => {
    const cards = (await call('GET', '/pricing/cards')).json<PriceCard[]>();
    expect(
      cards
        .filter((card) => card.id !== undefined)
        .slice(-3)
        .map((card) => [card.name, card.priority]),
    ).toEqual([
      ['Día del espectador', 20],
      ['Matiné', 10],
      ['Tarifa general', 0],
    ]);
  });

  it('refuses a card of equal priority whose rules overlap, naming the other (409), and unknown cards (404)', async () => {
    const overlap = await call('POST', '/pricing/cards', {
      name: 'Tarde',
      prices: { general: 800 },
      rules: { from: '14:00', to: '18:00' },
      priority: 10,
    });
    expect(overlap.json()).toEqual({
      statusCode: 409,
      error:
        'La tarifa «Matiné» tiene la misma prioridad (10) y sus reglas se superponen con las de esta: cambia la prioridad o las reglas.',
    });
    const body = { name: 'Nada', prices: {}, rules: {}, priority: 1 };
    expect((await call('PUT', '/pricing/cards/nada', body)).json()).toEqual({ statusCode: 404, error: 'No existe la tarifa.' });
    expect((await call('DELETE', '/pricing/cards/nada')).statusCode).toBe(404);
  });

  it('cannot be deleted while a show on sale uses it; can once none does', async () => {
    const card = (
      await call('POST', '/pricing/cards', { name: 'Preestreno', prices: { general: 1500 }, rules: {}, priority: 900 })
    ).json<PriceCard>();
    const onSale = await show({ date: '2026-03-20', schedule: '20:00', priceCardId: card.id });
    expect(onSale.priceCard).toEqual({ id: card.id, name: 'Preestreno' });
    expect((await call('DELETE', `/pricing/cards/${card.id}`)).json()).toEqual({
      statusCode: 409,
      error: 'La tarifa «Preestreno» no se puede eliminar: la usan 1 función a la venta. Asígnales otra tarifa primero.',
    });
    const cancelled = await call('POST', `/show/one/${onSale.id}/cancel`, { reason: 'Prueba' });
    expect(cancelled.statusCode).toBe(202);
    expect((await call('DELETE', `/pricing/cards/${card.id}`)).json()).toEqual({ message: 'Tarifa eliminada.' });
  });
});

describe('a new show’s card', () => {
  it('is Matiné before 15:00, Tarifa general after, Día del espectador on a Wednesday', async () => {
    const matine = await show({ date: '2026-03-12', schedule: '14:00' });
    expect(matine.priceCard.name).toBe('Matiné');
    expect(matine.price).toBe(750);
    const evening = await show({ date: '2026-03-12', schedule: '20:00' });
    expect(evening.priceCard.name).toBe('Tarifa general');
    expect(evening.prices.map((price) => [price.type, price.price])).toEqual([
      ['general', 900],
      ['menor', 700],
      ['jubilado', 650],
      ['estudiante', 750],
    ]);
    const wednesday = await show({ date: '2026-03-18', schedule: '21:00' });
    expect(wednesday.priceCard.name).toBe('Día del espectador');
    expect(new Set(wednesday.prices.map((price) => price.price))).toEqual(new Set([600]));
  });

  it('adds the 3D surcharge to every price, and to the "desde" price', async () => {
    const threeD = await show({ date: '2026-03-13', schedule: '20:00', type: '3D' });
    expect(threeD.priceCard.name).toBe('Tarifa general');
    expect(threeD.price).toBe(1100);
    expect(threeD.prices.find((price) => price.type === 'menor')?.price).toBe(900);
  });

  it('is the card named, or one price when a price is given; an unknown card is refused in Spanish', async () => {
    const named = await show({ date: '2026-03-13', schedule: '14:00', priceCardId: 'tarifa-general' });
    expect(named.priceCard.name).toBe('Tarifa general');
    const single = await show({ date: '2026-03-14', schedule: '20:00', price: 1350 });
    expect(single).toMatchObject({ price: 1350, priceCard: { name: 'Precio único' }, prices: [{ type: 'general', price: 1350 }] });
    const unknown = await postShow(booking, {
      movieId,
      roomId: 1,
      date: '2026-03-15',
      schedule: '20:00',
      type: '2D',
      priceCardId: 'nada',
    } as never);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'No existe la tarifa.' });
  });

  it('is picked again when an edit moves the show to another time or names a card', async () => {
    const moved = await show({ date: '2026-03-16', schedule: '20:00' });
    const early = await call('PUT', `/show/one/${moved.id}`, { ...moved, schedule: '13:00' });
    expect(early.json<ShowView>()).toMatchObject({ priceCard: { name: 'Matiné' }, price: 750 });
    const named = await call('PUT', `/show/one/${moved.id}`, { ...early.json<ShowView>(), priceCardId: 'dia-del-espectador' });
    expect(named.json<ShowView>()).toMatchObject({ priceCard: { name: 'Día del espectador' }, price: 600 });
    const unknown = await call('PUT', `/show/one/${moved.id}`, { priceCardId: 'nada' });
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'No existe la tarifa.' });
  });

  it('is picked for each show of a bulk plan without a price', async () => {
    const planned = await call('POST', '/show/bulk', {
      movieId,
      roomId: 4,
      type: '2D',
      times: ['13:00', '20:00'],
      from: '2026-04-07',
      to: '2026-04-08',
      weekdays: ['Martes', 'Miércoles'],
      dryRun: false,
      onClash: 'skip',
    });
    expect(planned.statusCode).toBe(201);
    const created = planned.json<{ created: ShowView[] }>().created;
    expect(created.map((one) => [one.date, one.schedule, one.priceCard.name, one.price])).toEqual([
      ['2026-04-07', '13:00', 'Matiné', 750],
      ['2026-04-07', '20:00', 'Tarifa general', 900],
      ['2026-04-08', '13:00', 'Día del espectador', 600],
      ['2026-04-08', '20:00', 'Día del espectador', 600],
    ]);
  });
});

describe('a change of a card, a type or the surcharges', () => {
  it('reaches the shows on sale priced by the card, not the shows that started', async () => {
    const card = (
      await call('POST', '/pricing/cards', {
        name: 'Festival',
        prices: { general: 1000, menor: 800 },
        rules: { dates: { from: '2026-03-11', to: '2026-03-31' }, from: '23:30' },
        priority: 100,
      })
    ).json<PriceCard>();
    const started = await show({ date: '2026-03-11', schedule: '23:45', type: '3D' });
    const later = await show({ date: '2026-03-25', schedule: '23:45', type: '3D' });
    expect([started.price, later.price]).toEqual([1200, 1200]);

    booking.clock.set('2026-03-12T03:00:00.000Z'); // 00:00 on the 12th: the first has started.
    try {
      const changed = await call('PUT', `/pricing/cards/${card.id}`, {
        name: 'Festival',
        prices: { general: 1100, menor: 800 },
        rules: card.rules,
        priority: 100,
      });
      expect(changed.statusCode).toBe(200);
      expect((await oneShow(later.id)).prices.map((price) => [price.type, price.price])).toEqual([
        ['general', 1300],
        ['menor', 1000],
      ]);
      expect((await oneShow(later.id)).price).toBe(1300);
      expect((await oneShow(started.id)).price).toBe(1200);

      // A type deactivated leaves the shows on sale; the surcharges change their prices.
      await call('PUT', '/pricing/ticket-types/menor', {
        name: 'Menor (hasta 12 años)',
        description: 'Niñas y niños de hasta 12 años',
        requiresId: false,
        active: false,
      });
      expect((await oneShow(later.id)).prices.map((price) => price.type)).toEqual(['general']);
      await call('PUT', '/pricing/ticket-types/menor', {
        name: 'Menor (hasta 12 años)',
        description: 'Niñas y niños de hasta 12 años',
        requiresId: false,
        active: true,
      });
      const surcharges: Surcharges = { formats: { '3D': 250 }, categories: { premium: 400 } };
      expect((await call('PUT', '/pricing/surcharges', surcharges)).json()).toEqual(surcharges);
      expect((await call('GET', '/pricing/surcharges')).json()).toEqual(surcharges);
      const after = await oneShow(later.id);
      expect(after.prices.map((price) => [price.type, price.price])).toEqual([
        ['general', 1350],
        ['menor', 1050],
      ]);
      expect((await seatMap(later.id)).categorySurcharges).toEqual({ premium: 400 });
      // The same surcharges again change no show (its version stays).
      const version = (await seatMap(later.id)).version;
      await call('PUT', '/pricing/surcharges', surcharges);
      expect((await seatMap(later.id)).version).toBe(version);
      expect((await oneShow(started.id)).price).toBe(1200);
    } finally {
      booking.clock.set('2026-03-11T15:00:00.000Z');
      await call('PUT', '/pricing/surcharges', { formats: { '3D': 200 }, categories: { premium: 300 } });
    }
  });
});

async function seatMap(showId: string): Promise<SeatMapView> {
  return (await call('GET', `/show/${showId}/seats`, undefined, null)).json<SeatMapView>();
}

describe('seat categories', () => {
  it('answers room 5’s premium back rows, wheelchair spaces and companions in the seat map, with the surcharges', async () => {
    const big = await createShow(booking, { movieId, roomId: 5, date: '2026-03-19', schedule: '20:00', type: '2D' } as never);
    const map = await seatMap(big.id);
    expect(map.layout.categories).toMatchObject({
      K1: 'premium',
      L16: 'premium',
      A1: 'wheelchair',
      A12: 'wheelchair',
      A2: 'companion',
      A11: 'companion',
    });
    expect(map.layout.categories?.J1).toBeUndefined();
    expect(map.layout.companions).toEqual({ A2: 'A1', A11: 'A12' });
    expect(map.categorySurcharges).toEqual({ premium: 300 });
  });
});

describe('an installation from before price cards and seat categories', () => {
  it('gets the seeded pricing once, and its rooms and their shows get the categories', async () => {
    const db = booking.context.db;
    const old = await createShow(booking, { movieId, roomId: 2, date: '2026-05-20', schedule: '20:00', type: '2D', price: 900 } as never);
    await db.collection('rooms').updateMany({}, { $unset: { 'layout.categories': '', 'layout.companions': '' } });
    await db.collection('shows').updateMany({}, { $unset: { 'layout.categories': '', 'layout.companions': '' } });
    await db.collection('ticket_types').deleteMany({});
    await db.collection('price_cards').deleteMany({});
    await db.collection('pricing_settings').deleteMany({});
    expect((await seatMap(old.id)).layout.categories).toBeUndefined();

    const restarted = await anotherInstance(booking);
    try {
      const map = (await restarted.inject({ method: 'GET', url: `/show/${old.id}/seats` })).json<SeatMapView>();
      expect(map.layout.categories).toMatchObject({ A1: 'wheelchair', A2: 'companion' });
      expect(map.layout.companions).toEqual({ A2: 'A1', A7: 'A8' });
      const types = (await restarted.inject({ method: 'GET', url: '/pricing/ticket-types' })).json<TicketType[]>();
      expect(types).toHaveLength(4);
      // Seeded once: a card deleted since stays deleted after a restart.
      await db.collection('price_cards').deleteOne({ _id: 'matine' } as never);
    } finally {
      await restarted.close();
    }
    const again = await anotherInstance(booking);
    try {
      const cards = (await again.inject({ method: 'GET', url: '/pricing/cards', headers: adminHeaders(again) })).json<PriceCard[]>();
      expect(cards.map((card) => card.name)).toEqual(['Día del espectador', 'Tarifa general']);
    } finally {
      await again.close();
    }
  });
});
