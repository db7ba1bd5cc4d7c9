import { IMAGE_URL_INVALID, type CandyFacts, type CandyView } from '@cine/contracts';
import { Types } from 'mongoose';
import { CandyMessages } from '../src';
import { adminHeaders, candyForm, listCandy, startCandy, userHeaders, type CandyUnderTest } from './helpers';

describe("the admin's candy items", () => {
  let candy: CandyUnderTest;
  let admin: { authorization: string };

  beforeAll(async () => {
    candy = await startCandy();
    admin = adminHeaders(candy.app);
  });
  afterAll(() => candy.close());

  const create = (payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
    candy.app.inject({ method: 'POST', url: '/candy', headers, payload });

  /** How many events were published once everything pending is. */
  async function mark() {
    await candy.app.outboxRelay.flush();
    return candy.published.length;
  }

  /** Events published since `count` were recorded, once the relay has published what is pending. */
  async function eventsAfter(count: number) {
    await candy.app.outboxRelay.flush();
    return candy.published.slice(count);
  }

  describe('POST /candy', () => {
    it('creates an item, lists it and publishes candy.created with its facts', async () => {
      const before = await mark();
      const response = await create(candyForm({ name: '  Pochoclo   Dulce ', quantity: '120', price: '780' }));

      expect(response.statusCode).toBe(201);
      const created = response.json<CandyView>();
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Pochoclo Dulce',
        quantity: 120,
        price: 780,
        picture: '/api/uploads/0123456789abcdef01234567',
      });
      expect(await listCandy(candy.app)).toContainEqual(created);
      const events = await eventsAfter(before);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'candy.created',
        version: 1,
        data: { candyId: created.id, name: 'Pochoclo Dulce', price: 780, picture: created.picture, quantity: 120 },
      });
    });

    it.each([
      ['name', CandyMessages.name, 'Por favor ingresa un nombre *'],
      ['quantity', CandyMessages.quantity, 'Por favor ingresa la cantidad *'],
      ['price', CandyMessages.price, 'Por favor ingresa un precio *'],
      ['picture', CandyMessages.picture, 'Por favor ingresa una imagen *'],
    ])('answers the form message when %s is missing or blank', async (field, message, exact) => {
      expect(message).toBe(exact);
      const without = candyForm();
      delete without[field];
      for (const payload of [without, candyForm({ [field]: '' }), candyForm({ [field]: '   ' })]) {
        const response = await create(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: exact });
      }
    });

    it('checks the fields in the form order: an empty form answers the name message', async () => {
      const response = await create({});
      expect(response.json()).toEqual({ statusCode: 400, error: 'Por favor ingresa un nombre *' });
    });

    it.each([
      [{ quantity: -1 }, 'La cantidad no puede ser negativa.'],
      [{ quantity: '-5' }, 'La cantidad no puede ser negativa.'],
      [{ quantity: 2.5 }, 'La cantidad debe ser un número entero.'],
      [{ quantity: 'diez' }, 'La cantidad debe ser un número entero.'],
      [{ quantity: 100_001 }, 'La cantidad no puede ser mayor que 100000.'],
      [{ quantity: 1e21 }, 'La cantidad debe ser un número entero.'],
      [{ price: 0 }, 'El precio debe ser mayor que 0.'],
      [{ price: -1250 }, 'El precio debe ser mayor que 0.'],
      [{ price: 12.5 }, 'El precio debe ser un número entero de centavos (1250 son US$ 12.50).'],
      [{ price: '12.50' }, 'El precio debe ser un número entero de centavos (1250 son US$ 12.50).'],
      [{ price: 1_000_001 }, 'El precio no puede ser mayor que 1000000 (US$ 10000.00).'],
      [{ price: '99999999999999999999' }, 'El precio debe ser un número entero de centavos (1250 son US$ 12.50).'],
      [{ picture: 'javascript:alert(1)' }, IMAGE_URL_INVALID],
      [{ picture: 'data:image/svg+xml,<svg/>' }, IMAGE_URL_INVALID],
      [{ picture: '//evil.test/p.png' }, IMAGE_URL_INVALID],
      [{ picture: 'file:///etc/passwd' }, IMAGE_URL_INVALID],
      [{ picture: 'https://evil.test/p.png' }, IMAGE_URL_INVALID],
      [{ picture: 'http://res.cloudinary.com/cine/image/upload/p.png' }, IMAGE_URL_INVALID],
      [{ name: 'x\n=1+1' }, 'El nombre no puede tener saltos de línea ni caracteres de control.'],
      [{ name: 'x\u0000=1+1' }, 'El nombre no puede tener saltos de línea ni caracteres de control.'],
      [{ name: 'x\u001b[31m' }, 'El nombre no puede tener saltos de línea ni caracteres de control.'],
      [{ name: 'x'.repeat(61) }, 'El nombre no puede tener más de 60 caracteres.'],
    ])('refuses %j with a clear message and stores nothing', async (override, message) => {
      const before = (await listCandy(candy.app)).length;
      const response = await create(candyForm({ name: `Malo ${new Types.ObjectId().toHexString()}`.slice(0, 30), ...override }));

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: message });
      expect(await listCandy(candy.app)).toHaveLength(before);
    });

    it('accepts a stock of 0, a price of 1 cent and an https picture of the image host', async () => {
      const response = await create(
        candyForm({ name: 'Chicle', quantity: 0, price: 1, picture: 'https://res.cloudinary.com/cine/image/upload/chicle.png' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ quantity: 0, price: 1 });
    });

    it.each([[{ name: 42 }], [{ price: true }], [{ quantity: [1] }], [{ picture: { url: '/x' } }], [{ color: 'rojo' }]])(
      'answers 400 for a body of the wrong shape: %j',
      async (override) => {
        const response = await create(candyForm({ name: 'Forma', ...override }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: expect.any(String) });
      },
    );

    it('refuses a name already taken, ignoring case and accents, with 409', async () => {
      const before = await mark();
      for (const name of ['COMBO NACHOS', 'combo nachos', 'Cafe', 'CAFÉ']) {
        const response = await create(candyForm({ name }));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ statusCode: 409, error: 'Ya existe un producto con ese nombre.' });
      }
      expect(await eventsAfter(before)).toEqual([]);
    });

    it('is for admins only: 401 without a token, 403 for a user', async () => {
      const guest = await candy.app.inject({ method: 'POST', url: '/candy', payload: candyForm({ name: 'Invitado' }) });
      expect(guest.statusCode).toBe(401);
      const user = await create(candyForm({ name: 'Usuario' }), userHeaders(candy.app));
      expect(user.statusCode).toBe(403);
      const names = (await listCandy(candy.app)).map((item) => item.name);
      expect(names).not.toContain('Invitado');
      expect(names).not.toContain('Usuario');
    });
  });

  describe('PUT /candy/:id', () => {
    let item: CandyView;

    beforeAll(async () => {
      item = (await create(candyForm({ name: 'Garrapiñada', quantity: 40, price: 600 }))).json<CandyView>();
    });

    const update = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
      candy.app.inject({ method: 'PUT', url: `/candy/${id}`, headers, payload });

    it('changes only the fields sent and publishes candy.updated with the whole item', async () => {
      const before = await mark();
      const response = await update(item.id, { price: 650 });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...item, price: 650 });
      const events = await eventsAfter(before);
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['candy.updated', { candyId: item.id, name: 'Garrapiñada', price: 650, picture: item.picture, quantity: 40 } satisfies CandyFacts],
      ]);
    });

    it('renames, restocks and changes the picture in one edit', async () => {
      const response = await update(item.id, {
        name: 'Garrapiñada Grande',
        quantity: '80',
        picture: '/api/uploads/abcdefabcdefabcdefabcdef',
      });
      expect(response.json()).toEqual({
        id: item.id,
        name: 'Garrapiñada Grande',
        quantity: 80,
        price: 650,
        picture: '/api/uploads/abcdefabcdefabcdefabcdef',
      });
      expect((await listCandy(candy.app)).find((listed) => listed.id === item.id)?.name).toBe('Garrapiñada Grande');
    });

    it('answers the form messages for emptied or broken fields and changes nothing', async () => {
      const before = await mark();
      for (const [payload, message] of [
        [{ name: '' }, 'Por favor ingresa un nombre *'],
        [{ quantity: '' }, 'Por favor ingresa la cantidad *'],
        [{ price: ' ' }, 'Por favor ingresa un precio *'],
        [{ picture: '' }, 'Por favor ingresa una imagen *'],
        [{ price: -1 }, 'El precio debe ser mayor que 0.'],
        [{ quantity: 3.5 }, 'La cantidad debe ser un número entero.'],
      ] as const) {
        const response = await update(item.id, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: message });
      }
      expect(await eventsAfter(before)).toEqual([]);
    });

    it('accepts the whole item sent back, id included, and refuses another id in the body', async () => {
      const current = (await listCandy(candy.app)).find((listed) => listed.id === item.id) as CandyView;
      const same = await update(item.id, { ...current });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual(current);

      const other = await update(item.id, { ...current, id: new Types.ObjectId().toHexString(), price: 1 });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ statusCode: 400, error: 'El id del cuerpo no coincide con el de la ruta.' });
    });

    it("refuses another item's name with 409", async () => {
      const response = await update(item.id, { name: 'refresco' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ statusCode: 409, error: 'Ya existe un producto con ese nombre.' });
    });

    it('keeps its own name when only the case changes', async () => {
      const response = await update(item.id, { name: 'GARRAPIÑADA GRANDE' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'GARRAPIÑADA GRANDE' });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await update(new Types.ObjectId().toHexString(), { price: 100 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ statusCode: 404, error: 'No existe el producto.' });
      expect((await update('no-es-un-id', { price: 100 })).statusCode).toBe(400);
    });

    it('is for admins only', async () => {
      expect((await candy.app.inject({ method: 'PUT', url: `/candy/${item.id}`, payload: { price: 1 } })).statusCode).toBe(401);
      expect((await update(item.id, { price: 1 }, userHeaders(candy.app))).statusCode).toBe(403);
      expect((await listCandy(candy.app)).find((listed) => listed.id === item.id)?.price).toBe(650);
    });
  });

  describe('DELETE /candy/:id', () => {
    it('hides the item from every read, publishes candy.deleted with its last facts, and frees its name', async () => {
      const item = (await create(candyForm({ name: 'Maní Salado', quantity: 30, price: 300 }))).json<CandyView>();
      const before = await mark();

      const response = await candy.app.inject({ method: 'DELETE', url: `/candy/${item.id}`, headers: admin });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Producto eliminado.' });
      expect((await listCandy(candy.app)).map((listed) => listed.id)).not.toContain(item.id);
      expect((await candy.app.inject({ method: 'GET', url: '/candy/searchCandy?name=mani' })).json()).toEqual([]);
      const events = await eventsAfter(before);
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['candy.deleted', { candyId: item.id, name: 'Maní Salado', price: 300, picture: item.picture, quantity: 30 }],
      ]);

      const again = await candy.app.inject({ method: 'DELETE', url: `/candy/${item.id}`, headers: admin });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ statusCode: 404, error: 'No existe el producto.' });
      expect((await candy.app.inject({ method: 'PUT', url: `/candy/${item.id}`, headers: admin, payload: { price: 1 } })).statusCode).toBe(
        404,
      );
      expect((await create(candyForm({ name: 'Maní Salado' }))).statusCode).toBe(201);
    });

    it('keeps the candy.deleted event in the tombstone until the bus takes it', async () => {
      const item = (await create(candyForm({ name: 'Alfajor' }))).json<CandyView>();
      await candy.app.outboxRelay.flush();
      const bus = candy.context.bus;
      const publish = bus.publish.bind(bus);
      let brokerDown = true;
      bus.publish = async (event) => {
        if (brokerDown) throw new Error('broker down');
        await publish(event);
      };
      try {
        const before = await mark();
        expect((await candy.app.inject({ method: 'DELETE', url: `/candy/${item.id}`, headers: admin })).statusCode).toBe(200);
        await candy.app.outboxRelay.flush();
        expect(candy.published.slice(before)).toEqual([]);

        brokerDown = false;
        await candy.app.outboxRelay.flush();
        expect(candy.published.slice(before).map((event) => [event.type, (event.data as CandyFacts).candyId])).toEqual([
          ['candy.deleted', item.id],
        ]);
      } finally {
        bus.publish = publish;
      }
    });

    it('answers 404 for an unknown id, 400 for a malformed one, and is for admins only', async () => {
      const [target] = await listCandy(candy.app);
      expect(
        (await candy.app.inject({ method: 'DELETE', url: `/candy/${new Types.ObjectId().toHexString()}`, headers: admin })).statusCode,
      ).toBe(404);
      expect((await candy.app.inject({ method: 'DELETE', url: '/candy/123', headers: admin })).statusCode).toBe(400);
      expect((await candy.app.inject({ method: 'DELETE', url: `/candy/${target?.id}` })).statusCode).toBe(401);
      expect((await candy.app.inject({ method: 'DELETE', url: `/candy/${target?.id}`, headers: userHeaders(candy.app) })).statusCode).toBe(
        403,
      );
      expect((await listCandy(candy.app)).map((listed) => listed.id)).toContain(target?.id);
    });
  });
});
