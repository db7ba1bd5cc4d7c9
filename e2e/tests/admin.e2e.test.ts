import { formatMoney } from '@cine/contracts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { baseUrl, openPagePerTest, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn, registerThroughApi } from '../src/session';

let page: Page;
openPagePerTest('admin', (opened) => (page = opened));

const PASSWORD = 'entradas2026';
/** A 1×1 PNG: the upload endpoint checks the content, not the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado'];

/** Calls the API with a token (the journeys' set-up: a buyer's sale, a user's comment). */
async function call<T>(method: string, apiPath: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${apiPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A registered user with a token. */
async function apiUser(label: string): Promise<{ id: string; username: string; email: string; token: string }> {
  const email = uniqueEmail(label);
  const username = `${label}${Date.now() % 100000}`;
  const id = await registerThroughApi(email, username, PASSWORD);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email, password: PASSWORD });
  return { id, username, email, token };
}

/** Logs in as the admin, opens the panel's section and answers it (the navbar has its own search box). */
async function openSection(name: string) {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return page.getByRole('region', { name, exact: true });
}

test('a user opening /admin gets no panel, and the admin remote is never requested', async () => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/admin/')) requested.push(request.url());
  });
  const user = await apiUser('noadmin');
  await logIn(page, user.email, PASSWORD);
  await page.goto('/admin');
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('heading', { name: 'Panel de Admin' }).count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Secciones del panel' }).count()).toBe(0);
  expect(requested).toEqual([]);
});

test('Funciones: an admin creates a show, modifies its time and type, and deletes it through Borrar Funcion', async () => {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const title = shows[0]?.movie.Title;
  if (!title) throw new Error('no shows: the booking seed did not run');
  // Two days from now (never today, whose 05:00 may have passed); the seed plays 10:00 to 23:45, so 05:00 is free.
  const day = WEEKDAYS[(new Date().getDay() + 2) % 7] as string;
  const room = String(1 + Math.floor(Math.random() * 5));

  await openSection('Funciones de peliculas');
  await page.getByRole('table', { name: 'Funciones' }).waitFor();
  await page.getByRole('button', { name: 'Agregar Funcion' }).click();
  const form = page.getByRole('form', { name: 'Crear Funciones' });
  await form.getByRole('button', { name: 'Crear Funcion' }).click();
  await form.getByText('Por favor ingresa un horario inicial *').waitFor();
  await form.getByLabel('Horario').fill('05:00');
  await form.getByLabel('Pelicula').selectOption({ label: title });
  await form.getByLabel('Sala').selectOption({ label: `Sala ${room}` });
  await form.getByLabel('Dia').selectOption(day);
  await form.getByLabel('Tipo').selectOption('2D');
  await form.getByRole('button', { name: 'Crear Funcion' }).click();
  await form.getByText('Función creada con éxito.').waitFor();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Modificar la función de ${title} del ${day} a las 05:00` }).click();
  const edit = page.getByRole('form', { name: 'Modificar Funcion' });
  await edit.getByLabel('Horario').fill('05:30');
  await edit.getByLabel('Tipo').selectOption('3D');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await edit.getByText('Función actualizada con éxito.').waitFor();
  await page.keyboard.press('Escape');

  const trash = page.getByRole('button', { name: `Borrar la función de ${title} del ${day} a las 05:30` });
  await trash.waitFor();
  await trash.click();
  const confirm = page.getByRole('dialog', { name: 'Borrar Funcion' });
  await confirm.getByRole('button', { name: 'Borrar' }).click();
  await confirm.waitFor({ state: 'detached' });
  await trash.waitFor({ state: 'detached' });
});

test('Usuarios: an admin adds a user, finds them with Buscar and deletes them', async () => {
  const username = `nuevo${Date.now() % 100000}`;
  const section = await openSection('Usuarios Registrados');
  await page.getByRole('table', { name: 'Usuarios registrados' }).waitFor();
  await page.getByRole('button', { name: 'Agregar nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar usuario' });
  await dialog.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByLabel('Email').fill(`${username}@cine.test`);
  await dialog.getByLabel('Rol').selectOption('user');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByText('Usuario creado con éxito.').waitFor();
  await page.keyboard.press('Escape');

  await section.getByPlaceholder('Buscar usuario...').fill(username);
  await section.getByRole('button', { name: 'Buscar' }).click();
  // The new user's row is already in the full list: wait for the search's answer to replace it (header and one row).
  const rows = page.getByRole('table', { name: 'Usuarios registrados' }).getByRole('row');
  for (let waited = 0; waited < 10_000 && (await rows.count()) !== 2; waited += 100) await page.waitForTimeout(100);
  expect(await rows.count()).toBe(2);
  await rows.getByRole('cell', { name: `${username}@cine.test` }).waitFor();

  await page.getByRole('button', { name: `Borrar ${username}` }).click();
  await page.getByRole('dialog', { name: 'Borrar Usuario' }).getByRole('button', { name: 'Borrar' }).click();
  await page.getByText(`No hay usuarios cuyo nombre contenga «${username}».`).waitFor();
});

test("Candy: an admin adds an item with its picture and opens its 'Detalles de ventas'", async () => {
  const name = `Pochoclo ${Date.now() % 100000}`;
  await openSection('Candy');
  await page.getByRole('table', { name: 'Productos' }).waitFor();
  await page.getByRole('button', { name: 'Agregar nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar producto' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Cantidad').fill('40');
  await dialog.getByLabel('Precio (ARS)').fill('7.80');
  await dialog.getByLabel('Imagen').setInputFiles({ name: 'pochoclo.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('img', { name: 'Imagen elegida' }).waitFor();
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByText('Producto creado con éxito.').waitFor();
  await page.keyboard.press('Escape');

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(formatMoney(780)).waitFor();
  await row.getByRole('button', { name: `Detalles de ventas de ${name}` }).click();
  const detail = page.getByRole('dialog', { name: `Detalles de ventas de ${name}` });
  await detail.getByText('Este producto todavía no tiene ventas.').waitFor();
  await detail.getByLabel('Día', { exact: true }).fill('2026-01-15');
  await detail.getByText('No hubo ventas de este producto ese día.').waitFor();
  await detail.getByRole('button', { name: 'Ver todos' }).click();
  await detail.getByText('Este producto todavía no tiene ventas.').waitFor();
});

test('Ventas: a sale made in this test shows in the table and both charts, and its detail opens', async () => {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 30 * 60_000);
  if (!show) throw new Error('no show with free seats');
  const buyer = await apiUser('ventas');
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.id, seats: 2, showId: show.id });
  await call('POST', '/movies/checkout', buyer.token, { ticket: 2, show: show.id, idUser: buyer.id, paymentMethodId: 'pm_card_visa' });

  const section = await openSection('Ventas de peliculas');
  const pie = page.getByRole('region', { name: 'Peliculas mas vendidas' });
  await pie.getByText(new RegExp(`${show.movie.Title}: \\d+`)).waitFor();
  await pie.locator('svg path').first().waitFor();
  await page.getByRole('region', { name: 'Ventas mensuales' }).locator('svg path').first().waitFor();
  // The sale's show and movie in the occupancy: sold of the show's seats.
  await page
    .getByRole('table', { name: 'Ocupación por función' })
    .getByRole('row')
    .filter({ hasText: show.movie.Title })
    .filter({ hasText: new RegExp(`\\d+ de ${show.capacity}`) })
    .first()
    .waitFor();
  await page
    .getByRole('table', { name: 'Ocupación por película' })
    .getByRole('row')
    .filter({ hasText: show.movie.Title })
    .first()
    .waitFor();

  await section.getByPlaceholder('Buscar pelicula...').fill(show.movie.Title.slice(0, 5).toLowerCase());
  await section.getByRole('button', { name: 'Buscar' }).click();
  const row = page
    .getByRole('table', { name: 'Ventas de peliculas' })
    .getByRole('row')
    .filter({ hasText: show.movie.Title })
    .filter({ hasText: show.type })
    .first();
  await row.waitFor();
  await row
    .getByText(/\$\s[\d.]+,\d{2}/)
    .first()
    .waitFor();
  await row.getByRole('button', { name: /^Detalles de ventas de / }).click();
  const detail = page.getByRole('dialog', { name: 'Detalles de ventas' });
  await detail.getByRole('table', { name: 'Detalle de ventas' }).getByRole('row').nth(1).waitFor();
  await detail.getByLabel('Agrupar por mes').check();
  await detail.getByRole('table', { name: 'Ventas por mes' }).waitFor();
  await detail.getByRole('button', { name: 'Volver' }).click();
  await detail.waitFor({ state: 'detached' });
});

test('Estado: an admin sees every service in service with its requests and p95, and the sale’s consumer', async () => {
  const shows = await call<Array<ShowView & { seats: number }>>('GET', '/show/all', null);
  const show = shows.find((candidate) => candidate.seats >= 1);
  if (!show) throw new Error('no show with free seats');
  const buyer = await apiUser('estado');
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.id, seats: 1, showId: show.id });
  await call('POST', '/movies/checkout', buyer.token, { ticket: 1, show: show.id, idUser: buyer.id, paymentMethodId: 'pm_card_visa' });

  await openSection('Estado');
  const services = page.getByRole('table', { name: 'Servicios' });
  for (const name of ['gateway', 'identity', 'notification', 'catalog', 'booking', 'candy', 'sales']) {
    await services.getByRole('row').filter({ hasText: name }).filter({ hasText: 'En servicio' }).first().waitFor();
  }
  // The p95 shows once the window holds booking's samples (a dash before): waited for, not read once.
  await services
    .getByRole('row')
    .filter({ hasText: 'booking' })
    .getByRole('cell')
    .nth(3)
    .filter({ hasText: /^\d[\d.]* ms$/ })
    .waitFor();
  await page.getByRole('table', { name: 'Eventos por consumidor' }).getByRole('row').filter({ hasText: 'sales.orders' }).waitFor();
  await page.getByRole('region', { name: 'Tiempo de respuesta p95 (ms)' }).locator('svg rect').first().waitFor();
});

test('Comentarios: an admin deletes a user comment through Borrar Comentario', async () => {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const movieId = shows[0]?.movieId as string;
  const author = await apiUser('opina');
  const text = `Comentario para borrar ${Date.now()}`;
  await call('POST', `/comments/add/${movieId}?userId=${author.id}`, author.token, { Text: text });

  await openSection('Administrar comentarios');
  await page.getByText(text).waitFor();
  await page.getByRole('button', { name: `Borrar el comentario de ${author.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrar Comentario' });
  await dialog.getByText('¿ Estás seguro que deseas borrar el comentario ?').waitFor();
  await dialog.getByRole('button', { name: 'Borrar' }).click();
  await page.getByText(text).waitFor({ state: 'detached' });
});

test('Feedback: a user feedback shows with its username and user id, in the panel and at /feedback', async () => {
  const author = await apiUser('sugiere');
  const text = `Más funciones en 3D ${Date.now()}`;
  await call('POST', `/feedback/add/${author.id}`, author.token, { Text: text });

  await openSection('Feedback');
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByText(author.username).waitFor();
  await row.getByText(author.id).waitFor();
  await page.goto('/feedback');
  await page.getByRole('row').filter({ hasText: text }).waitFor();
});

test("the panel's user menu: Perfil opens the profile, Cerrar Sesion signs out and goes to /home", async () => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Menú del administrador' });
  await menu.getByRole('link', { name: 'Perfil' }).click();
  await page.waitForURL('**/profile');
  await page.goto('/admin');
  await menu.getByRole('button', { name: 'Cerrar Sesion' }).click();
  await page.waitForURL('**/home');
  expect(
    await page.evaluate(() =>
      [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].filter((key) => /token/i.test(key)),
    ),
  ).toEqual([]);
  await page.goto('/admin');
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('heading', { name: 'Panel de Admin' }).count()).toBe(0);
});

test('every section at desktop and phone width (screenshots in .e2e-artifacts/)', async () => {
  const directory = path.resolve(__dirname, '../../.e2e-artifacts/admin-sections');
  mkdirSync(directory, { recursive: true });
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/admin');
    for (const name of [
      'Peliculas',
      'Funciones de peliculas',
      'Ventas de peliculas',
      'Órdenes',
      'Candy',
      'Usuarios Registrados',
      'Administrar comentarios',
      'Feedback',
      'Estado',
    ]) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await page.waitForLoadState('networkidle');
      // nivo's chunk loads with the section: wait until both charts are drawn (or say there are no sales).
      await page
        .getByText(/^Cargando/)
        .first()
        .waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      // The page itself never scrolls sideways: wide tables scroll inside their card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(directory, `${name.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
    }
    // A form dialog and a confirmation at this width too.
    await page.getByRole('button', { name: 'Funciones de peliculas', exact: true }).click();
    await page.getByRole('button', { name: 'Agregar Funcion' }).click();
    await page.getByRole('form', { name: 'Crear Funciones' }).getByRole('button', { name: 'Crear Funcion' }).click();
    await page.screenshot({ path: path.join(directory, `dialog-Crear-Funciones-${width}.png`) });
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Borrar la función/ })
      .first()
      .click();
    await page.screenshot({ path: path.join(directory, `dialog-Borrar-Funcion-${width}.png`) });
    await page.keyboard.press('Escape');
  }
});
