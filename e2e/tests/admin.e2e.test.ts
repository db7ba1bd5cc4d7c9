import { formatMoney, localDateTime } from '@cine/contracts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ShowView } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { baseUrl, openPagePerTest, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn, registerThroughApi } from '../src/session';
import { callApi as call } from '../src/api';

let page: Page;
openPagePerTest('admin', (opened) => (page = opened));

const PASSWORD = 'entradas2026';
/** A 1×1 PNG: the upload endpoint checks the content, not the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado'];

/** A registered user with a token. */
async function apiUser(label: string): Promise<{ id: string; username: string; email: string; token: string }> {
  const email = uniqueEmail(label);
  const username = `${label}${Date.now() % 100000}`;
  const id = await registerThroughApi(email, username, PASSWORD);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email, password: PASSWORD });
  return { id, username, email, token };
}

/** The cinema's date `days` from today ('yyyy-mm-dd'). */
const cinemaDay = (days: number) => localDateTime(new Date(Date.now() + days * 86_400_000)).date;
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;

/** The admin's token (the journeys' set-up through the API). */
async function adminToken(): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
}

/** Logs in as the admin, opens the panel's section and answers it (the navbar has its own search box). */
async function openSection(name: string) {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return page.getByRole('region', { name, exact: true });
}

test('a user opening /admin is told it is for admins, gets a way back, and the admin remote is never requested', async () => {
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
  await page.getByText('Esta sección es solo para administradores y tu cuenta no tiene ese permiso.').waitFor();
  await page.getByRole('link', { name: 'Volver a la cartelera' }).click();
  await page.waitForURL('**/home');
  expect(requested).toEqual([]);
});

test('Funciones: an admin creates a show, modifies its time and type, and deletes it through Borrar Funcion', async () => {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const title = shows[0]?.movie.Title;
  if (!title) throw new Error('no shows: the booking seed did not run');
  // Two days from now (never today, whose 05:00 may have passed); the seed plays 10:00 to 23:45, so 05:00 is free.
  const date = cinemaDay(2);
  const day = weekdayOf(date);
  const room = String(1 + Math.floor(Math.random() * 5));

  await openSection('Funciones de peliculas');
  await page.getByRole('table', { name: 'Funciones' }).waitFor();
  await page.getByRole('button', { name: 'Agregar Funcion' }).click();
  const form = page.getByRole('form', { name: 'Crear Funciones' });
  await form.getByRole('button', { name: 'Crear función' }).click();
  await form.getByText('Por favor ingresa un horario inicial *').waitFor();
  await form.getByLabel('Horario').fill('05:00');
  await form.getByLabel('Pelicula').selectOption({ label: title });
  await form.getByLabel('Sala').selectOption({ label: `Sala ${room} · Cine Centro` });
  await form.getByLabel('Fecha').fill(date);
  await form.getByLabel('Tipo').selectOption('2D');
  await form.getByLabel('Precio de la entrada').fill('10.50');
  await form.getByRole('button', { name: 'Crear función' }).click();
  await form.getByText('Función creada con éxito.').waitFor();
  await page.keyboard.press('Escape');
  // The list is paged by start: the filters (kept in the URL) bring the new show's day and room to page 1.
  const created = (await call<ShowView[]>('GET', '/show/all', null)).find(
    (show) => show.schedule === '05:00' && show.day === day && String(show.roomId) === room && show.movie.Title === title,
  );
  if (!created) throw new Error('the new show is not listed');
  const filters = page.getByRole('group', { name: 'Filtrar funciones' });
  await filters.getByLabel('Desde').fill(created.date);
  await filters.getByLabel('Hasta').fill(created.date);
  await filters.getByLabel('Sala').selectOption(room);
  await page.waitForURL((url) => url.searchParams.get('roomId') === room && url.searchParams.get('from') === created.date);

  await page.getByRole('button', { name: `Modificar la función de ${title} del ${day} a las 05:00` }).click();
  const edit = page.getByRole('form', { name: 'Modificar función' });
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
  await page.getByText('No hay usuarios que coincidan con la búsqueda.').waitFor();
});

test('Usuarios: an admin pages and sorts the users on the server, and a reload opens the same view', async () => {
  // More users than a page of 10, whatever the other journeys made.
  for (let made = 0; made < 12; made += 4) await Promise.all(Array.from({ length: 4 }, () => apiUser('pagina')));
  await openSection('Usuarios Registrados');
  const table = page.getByRole('table', { name: 'Usuarios registrados' });
  await table.waitFor();
  await page.getByLabel('Filas por página').selectOption('10');
  await page.getByText(/^1–10 de \d+ · página 1 de \d+$/).waitFor();

  await table.getByRole('button', { name: /Email/ }).click();
  const email = table.getByRole('columnheader', { name: /Email/ });
  for (let waited = 0; waited < 10_000 && (await email.getAttribute('aria-sort')) !== 'ascending'; waited += 100)
    await page.waitForTimeout(100);
  expect(await email.getAttribute('aria-sort')).toBe('ascending');
  const emails = async () => table.locator('tbody tr td:nth-child(2)').allTextContents();
  const firstPage = await emails();
  expect(firstPage).toEqual([...firstPage].sort());

  await page.getByRole('button', { name: 'Siguiente' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText(/^11–\d+ de \d+ · página 2 de \d+$/).waitFor();
  const secondPage = await emails();
  expect(secondPage.every((address) => firstPage.every((earlier) => earlier < address))).toBe(true);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ seccion: 'usuarios', pageSize: '10', sort: 'email', page: '2' });

  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Usuarios Registrados' }).waitFor();
  await page.getByText(/^11–\d+ de \d+ · página 2 de \d+$/).waitFor();
  expect(await page.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
  expect(await emails()).toEqual(secondPage);
  await page.goBack();
  await page.getByText(/^1–10 de \d+ · página 1 de \d+$/).waitFor();
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
      'Tarifas',
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
    await page.getByRole('form', { name: 'Crear Funciones' }).getByRole('button', { name: 'Crear función' }).click();
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

test('Programar en bloque: an admin previews a week of shows with a clash, then creates the rest', async () => {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const movie = shows[0]?.movie.Title;
  const movieId = shows[0]?.movieId;
  if (!movie || !movieId) throw new Error('no shows: the booking seed did not run');
  // A week a month or two ahead, at 06:30 (the seed plays 10:00 to 23:45), in a room of its own each run.
  const from = cinemaDay(30 + Math.floor(Math.random() * 30));
  const to = localDateTime(new Date(Date.parse(`${from}T12:00:00Z`) + 6 * 86_400_000)).date;
  const room = 1 + Math.floor(Math.random() * 5);
  const token = await adminToken();
  // A show already in the room on the first day: the bulk plan's clash.
  await call('POST', '/show', token, { data: { schedule: '06:00', movieId, roomId: room, date: from, type: '2D', price: 900 } });

  await openSection('Funciones de peliculas');
  await page.getByRole('table', { name: 'Funciones' }).waitFor();
  await page.getByRole('button', { name: 'Programar en bloque' }).click();
  const form = page.getByRole('form', { name: 'Programar en bloque' });
  await form.getByLabel('Pelicula').selectOption({ label: movie });
  await form.getByLabel('Sala').selectOption({ label: `Sala ${room} · Cine Centro` });
  await form.getByLabel('Tipo').selectOption('2D');
  await form.getByLabel('Precio de la entrada').fill('11');
  await form.getByLabel('Horarios (separados por comas)').fill('06:30');
  await form.getByLabel('Desde').fill(from);
  await form.getByLabel('Hasta').fill(to);
  await form.getByRole('button', { name: 'Ver funciones' }).click();

  const preview = page.getByRole('region', { name: 'Vista previa' });
  await preview.getByText('Se crearán 6 funciones; 1 choca con otras funciones de la sala.').waitFor();
  await preview
    .getByRole('list', { name: 'Choques' })
    .getByText(new RegExp(`La sala ${room} está ocupada por «`))
    .waitFor();
  expect(await preview.getByRole('list', { name: 'Funciones a crear' }).getByRole('listitem').count()).toBe(6);
  // The preview created nothing.
  const scheduled = async () =>
    (await call<ShowView[]>('GET', `/show/all?movieId=${movieId}`, null)).filter(
      (show) => show.roomId === room && show.schedule === '06:30' && show.date >= from && show.date <= to,
    );
  expect(await scheduled()).toEqual([]);
  // The dialog with its preview on a phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const directory = path.resolve(__dirname, '../../.e2e-artifacts/admin-sections');
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, 'dialog-Programar-en-bloque-390.png') });

  await preview.getByRole('button', { name: 'Crear 6 funciones' }).click();
  await page.getByText('Se crearon 6 funciones.').waitFor();
  const created = await scheduled();
  expect(created).toHaveLength(6);
  expect(created.every((show) => show.price === 1100)).toBe(true);
});

test('Deletes that cannot lose a sale: a movie with sold tickets is refused until its show is cancelled', async () => {
  const token = await adminToken();
  const title = `Con Ventas ${Date.now() % 100000}`;
  const movie = await call<{ id: string }>('POST', '/movies/createMovie', token, {
    Title: title,
    Poster: '/api/uploads/posters/matrix.svg',
    Rated: '+13',
    Plot: 'Una película con entradas vendidas que no se puede borrar sin cancelar su función.',
    Genre: 'Drama',
    Actors: 'Ricardo Darín',
    Director: 'Lucrecia Martel',
    Runtime: '100',
    Language: 'Español',
    Release: '2020-01-01',
    Trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    Type: '2D',
  });
  const date = cinemaDay(3 + Math.floor(Math.random() * 20));
  const data = { schedule: '07:00', movieId: movie.id, roomId: 1 + Math.floor(Math.random() * 5), date, type: '2D', price: 900 };
  // Booking hears of the movie through its event: the create is retried until it has.
  let show: ShowView | undefined;
  for (let attempt = 0; !show && attempt < 50; attempt++) {
    show = await call<ShowView>('POST', '/show', token, { data }).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return undefined;
    });
  }
  if (!show) throw new Error('the show was not created');
  const buyer = await apiUser('comprador');
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.id, seats: 2, showId: show.id });
  await call('POST', '/movies/checkout', buyer.token, { ticket: 2, show: show.id, idUser: buyer.id, paymentMethodId: 'pm_card_visa' });

  const section = await openSection('Peliculas');
  await section.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Eliminar película' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar película' });
  // The demo seed schedules shows of a new movie too: only ours has sold seats.
  await confirm.getByText(/^Tiene \d+ funciones por venir, con 2 entradas vendidas o reservadas\.$/).waitFor();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await confirm
    .getByRole('alert')
    .getByText(/No se puede eliminar la película: sus funciones por venir tienen 1 orden pagada, 2 entradas\./)
    .waitFor();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await page.keyboard.press('Escape');

  // The show is cancelled instead: its order is refunded.
  await page.getByRole('button', { name: 'Funciones de peliculas', exact: true }).click();
  // Shows come a page at a time: the day and the room bring ours to the first.
  const filters = page.getByRole('group', { name: 'Filtrar funciones' });
  await filters.getByLabel('Desde').fill(date);
  await filters.getByLabel('Hasta').fill(date);
  await filters.getByLabel('Sala').selectOption(String(data.roomId));
  await page.waitForURL((url) => url.searchParams.get('roomId') === String(data.roomId) && url.searchParams.get('to') === date);
  const day = weekdayOf(date);
  await page.getByRole('button', { name: `Cancelar la función de ${title} del ${day} a las 07:00` }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar Funcion' });
  await cancel.getByText(/Se reembolsarán 2 entradas vendidas/).waitFor();
  await cancel.getByLabel('Motivo (se incluye en el correo)').fill('Falla del proyector');
  await cancel.getByRole('button', { name: 'Cancelar función' }).click();
  await cancel.waitFor({ state: 'detached' });
  // The refunds run as a background job: the dialog follows it to its end.
  const progress = page.getByRole('dialog', { name: 'Cancelación de la función' });
  await progress.getByRole('status').getByText('Función cancelada: compras reembolsadas. Reembolsadas 1 de 1 compra.').waitFor();
  await progress.getByRole('button', { name: 'Aceptar' }).click();
  await progress.waitFor({ state: 'detached' });

  // Now the movie can go.
  await page.getByRole('button', { name: 'Peliculas', exact: true }).click();
  const grid = page.getByRole('list', { name: 'Películas' });
  await grid.getByRole('button', { name: title }).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Eliminar película' }).click();
  await page.getByRole('dialog', { name: 'Eliminar película' }).getByRole('button', { name: 'Eliminar' }).click();
  await grid.getByRole('button', { name: title }).waitFor({ state: 'detached' });
  const answer = await fetch(`${baseUrl()}/api/movies/search/${movie.id}`);
  expect(answer.status).toBe(404);
});
