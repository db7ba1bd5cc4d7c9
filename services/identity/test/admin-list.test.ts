import { FIRST_CINEMA_ID, type Page, type UserView } from '@cine/contracts';
import { Types } from 'mongoose';
import { ADMIN, signedInAdmin, startIdentity, type IdentityUnderTest } from './helpers';

let identity: IdentityUnderTest;
let headers: { authorization: string };

// Written straight to the collection (hashing 12 passwords would only slow the test): ids in registration order,
// after the admin's (made when the service starts).
const newPeople = () =>
  Array.from({ length: 12 }, (_, index) => ({
    _id: new Types.ObjectId(),
    email: `lista${String(index).padStart(2, '0')}@cine.test`,
    username: `Lista ${String.fromCharCode(76 - index)}`,
    role: index % 3 === 0 ? 'staff' : 'user',
    passwordHash: 'x',
    credentialsVersion: 1,
  }));
let people: ReturnType<typeof newPeople>;

beforeAll(async () => {
  identity = await startIdentity();
  people = newPeople();
  headers = (await signedInAdmin(identity.app)).headers;
  await identity.context.db.collection('users').insertMany(people);
  // A deleted user's tombstone is never listed.
  await identity.context.db
    .collection('users')
    .insertOne({ email: 'x.deleted', username: '', role: 'user', passwordHash: '', credentialsVersion: 2, deletedAt: new Date() });
});
afterAll(() => identity.close());

const list = (query: string) => identity.app.inject({ method: 'GET', url: `/admin?${query}`, headers });
const emails = (page: Page<UserView>) => page.items.map((user) => user.email);

describe('GET /admin paged', () => {
  it('without page answers every user as an array, by registration, as the spec path always did', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/admin', headers });

    expect(response.statusCode).toBe(200);
    expect(response.json<UserView[]>().map((user) => user.email)).toEqual([ADMIN.email, ...people.map((person) => person.email)]);
  });

  it('answers one page with the total, by registration when no sort is named', async () => {
    const response = await list('page=2&pageSize=10');

    expect(response.statusCode).toBe(200);
    const page = response.json<Page<UserView>>();
    expect(page).toMatchObject({ total: 13, page: 2, pageSize: 10 });
    expect(emails(page)).toEqual(people.slice(9).map((person) => person.email));
    // lista09 is staff stored before the chain: listed with the first cinema (issue 38).
    expect(page.items[0]).toEqual({
      id: people[9]!._id.toHexString(),
      email: 'lista09@cine.test',
      username: 'Lista C',
      role: 'staff',
      cinemaIds: [FIRST_CINEMA_ID],
    });
    expect(Object.keys(page.items[1]!).sort()).toEqual(['email', 'id', 'role', 'username']);
  });

  it('sorts by a field either way, newest first with -createdAt', async () => {
    const byName = (await list('page=1&pageSize=10&sort=username')).json<Page<UserView>>();
    const newest = (await list('page=1&pageSize=10&sort=-createdAt')).json<Page<UserView>>();

    // Names as a person reads them: case and accents aside ('admin' before 'Lista A').
    const usernames = byName.items.map((user) => user.username);
    expect(usernames).toEqual([...usernames].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
    expect(usernames.slice(0, 2)).toEqual(['admin', 'Lista A']);
    expect(emails(newest)[0]).toBe(people[11]!.email);
    expect(emails(newest)).toEqual(
      [...people]
        .reverse()
        .slice(0, 10)
        .map((person) => person.email),
    );
  });

  it('breaks ties on the sort field by id, so pages neither repeat nor skip anyone', async () => {
    const first = (await list('page=1&pageSize=10&sort=role')).json<Page<UserView>>();
    const second = (await list('page=2&pageSize=10&sort=role')).json<Page<UserView>>();

    const seen = [...emails(first), ...emails(second)];
    expect(new Set(seen).size).toBe(13);
    expect(first.items.map((user) => user.role).slice(0, 1)).toEqual(['admin']);
  });

  it('filters by role and by a text in the username or e-mail, the total counting only the matches', async () => {
    const staff = (await list('page=1&pageSize=10&role=staff&sort=-createdAt')).json<Page<UserView>>();
    const search = (await list('page=1&pageSize=10&q=LISTA0')).json<Page<UserView>>();
    const unpaged = (await list('role=staff')).json<UserView[]>();

    expect(staff.total).toBe(4);
    expect(staff.items.every((user) => user.role === 'staff')).toBe(true);
    expect(search.total).toBe(10);
    expect(unpaged).toHaveLength(4);
  });

  it('answers an empty page past the last one, with the total', async () => {
    const page = (await list('page=9&pageSize=10')).json<Page<UserView>>();

    expect(page).toEqual({ items: [], total: 13, page: 9, pageSize: 10 });
  });

  it.each([
    ['page=0', "El campo 'page' debe ser como mínimo 1."],
    ['page=dos', "El campo 'page' debe ser número entero."],
    ['page=1&pageSize=30', "El campo 'pageSize' tiene un valor no permitido."],
    ['page=1&sort=password', "El campo 'sort' tiene un valor no permitido."],
    ['page=1&sort=--email', "El campo 'sort' tiene un valor no permitido."],
    ['page=1&role=root', "El campo 'role' tiene un valor no permitido."],
    ['page=1&orden=email', "El campo 'orden' no está permitido."],
    ['q=', "El campo 'q' no puede estar vacío."],
  ])('answers 400 with a Spanish message to %s', async (query, message) => {
    const response = await list(query);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });
});
