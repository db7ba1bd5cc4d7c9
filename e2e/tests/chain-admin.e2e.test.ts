import { CINEMA_MESSAGES, type CinemaSalesRow } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { openPagePerTest } from '../src/browser';
import { aManagerOf, aShowAt, cinemaBySlug, waitForCinemaSales } from '../src/cinemas';
import { aBuyer, paidOrder } from '../src/orders';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { apiAs, logIn } from '../src/session';

let page: Page;
openPagePerTest('chain-admin', (opened) => (page = opened));

const PASSWORD = 'entradas2026';

/**
 * Issue 38: a manager of one cinema signs in and sees that cinema's back office — its sales beside nothing of the
 * other cinemas'; the selector offers only theirs, and the API refuses (403) another cinema's reports.
 */
test.each([
  ['a phone', 390, 844],
  ['a desktop', 1366, 768],
])("a manager of Cine Norte sees its sales and not Cine Centro's, on %s", async (_screen, width, height) => {
  await page.setViewportSize({ width, height });
  const [centro, norte] = await Promise.all([cinemaBySlug('centro'), cinemaBySlug('norte')]);
  const buyer = await aBuyer('cadena', PASSWORD);
  await paidOrder(buyer, await aShowAt(norte.id), 1);
  await paidOrder(buyer, await aShowAt(centro.id), 2);
  await Promise.all([waitForCinemaSales(norte.id, 1), waitForCinemaSales(centro.id, 2)]);
  const manager = await aManagerOf([norte.id], PASSWORD);

  await logIn(page, manager.email, PASSWORD);
  await page.goto('/admin?seccion=ventas');
  const sections = page.getByRole('navigation', { name: 'Secciones del panel' });
  await sections.getByRole('button', { name: 'Ventas de peliculas' }).waitFor();
  expect(await sections.getByRole('button').allTextContents()).toEqual([
    'Funciones de peliculas',
    'Ventas de peliculas',
    'Órdenes',
    'Cines',
    // Issue 39: a manager runs their cinemas' promo codes.
    'Promociones',
    // Issue 40: and their cinemas' presales.
    'Preventas',
  ]);

  // Their cinema is named, with nothing to choose: the selector offers only theirs.
  await page.getByText(`${norte.name} (${norte.city})`, { exact: true }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Cine', exact: true }).count()).toBe(0);

  // Ventas compares the cinemas they may see: theirs, and the chain total of it.
  const comparison = page.getByRole('table', { name: 'Ventas por cine' });
  await comparison.getByRole('rowheader', { name: norte.name }).waitFor();
  expect(await comparison.getByRole('rowheader', { name: centro.name }).count()).toBe(0);
  await comparison.getByRole('rowheader', { name: 'Total de la cadena' }).waitFor();
  // The row's tickets are those the sales service counts for their cinema (the Norte sale above among them).
  const { body: theirs } = await apiAs<CinemaSalesRow[]>(page, 'GET', '/sales/cinemas');
  expect(theirs.map((row) => row.cinemaId)).toEqual([norte.id]);
  expect(theirs[0]?.tickets).toBeGreaterThanOrEqual(1);
  const norteRow = comparison.getByRole('row').filter({ has: page.getByRole('rowheader', { name: norte.name }) });
  expect(await norteRow.getByRole('cell').first().textContent()).toBe(String(theirs[0]?.tickets));
  await page
    .getByRole('region', { name: /^Totales/ })
    .getByText('Total vendido')
    .waitFor();
  // No page of the panel is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // A link naming the other cinema still opens theirs.
  await page.goto('/admin?seccion=ventas&cine=centro');
  await page.getByText(`${norte.name} (${norte.city})`, { exact: true }).waitFor();
  await page.getByRole('table', { name: 'Ventas por cine' }).getByRole('rowheader', { name: norte.name }).waitFor();

  // And the API answers 403 for the other's reports, 200 for theirs.
  for (const path of [
    `/sales/totals?cinemaId=${centro.id}`,
    `/sales/cinemas?cinemaId=${centro.id}`,
    `/tickets/all?cinemaId=${centro.id}`,
  ]) {
    expect((await apiAs(page, 'GET', path)).status).toBe(403);
  }
  expect((await apiAs(page, 'GET', `/sales/totals?cinemaId=${norte.id}`)).status).toBe(200);
});

test('an admin adds a cinema in another time zone and a room drawn with the layout editor, then changes it, on a phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  const slug = `madrid-${Date.now() % 100000}`;
  const name = `Cine Madrid ${slug.slice(7)}`;
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin?seccion=cines');
  await page.getByRole('region', { name: 'Cine Norte (Buenos Aires)' }).waitFor();

  await page.getByRole('button', { name: 'Agregar cine' }).click();
  const form = page.getByRole('form', { name: 'Agregar cine' });
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Slug (en la URL: ?cine=)').fill('norte');
  await form.getByLabel('Ciudad').fill('Madrid');
  await form.getByLabel('Dirección').fill('Gran Vía 1, Madrid');
  await form.getByLabel('Horario de atención').fill('Todos los días de 16 a 24 h');
  await form.getByLabel('Zona horaria (IANA)').fill('GMT+1');
  await form.getByRole('button', { name: 'Agregar cine' }).click();
  await form.getByText(CINEMA_MESSAGES.invalidTimeZone).waitFor();
  await form.getByLabel('Zona horaria (IANA)').fill('Europe/Madrid');
  await form.getByRole('button', { name: 'Agregar cine' }).click();
  // The server's refusal in place: the slug is Cine Norte's.
  await form.getByRole('alert').filter({ hasText: CINEMA_MESSAGES.slugTaken }).waitFor();
  await form.getByLabel('Slug (en la URL: ?cine=)').fill(slug);
  await form.getByRole('button', { name: 'Agregar cine' }).click();
  await form.getByText('Cine creado con éxito.').waitFor();
  await page.keyboard.press('Escape');

  const card = page.getByRole('region', { name: `${name} (Madrid)` });
  await card.getByText('Europe/Madrid').waitFor();
  await card.getByRole('button', { name: `Agregar sala a ${name}` }).click();
  const room = page.getByRole('form', { name: `Agregar sala a ${name}` });
  await room.getByLabel('Nombre de la sala').fill('Sala Gran Vía');
  await room.getByLabel('Asientos por fila, de la A hacia atrás').fill('6, 8, 8');
  await room.getByLabel('Pasillo después de las columnas (opcional)').fill('4');
  await room.getByLabel('Espacios para silla de ruedas (opcional)').fill('A1, A2');
  await room.getByLabel('Filas premium (opcional)').fill('C');
  await room.getByRole('button', { name: 'Ver butacas' }).click();
  const preview = page.getByRole('region', { name: 'Vista previa de las butacas' });
  await preview.getByText('22 butacas en 3 filas').waitFor();
  expect(await preview.getByRole('button', { name: /^Fila C, asiento/ }).count()).toBe(8);
  await room.getByRole('button', { name: 'Agregar sala' }).click();
  await room.getByText(/^Sala creada con éxito \(sala \d+, 22 butacas\)\.$/).waitFor();
  await page.keyboard.press('Escape');
  await card.getByText('Sala Gran Vía · 22 butacas').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Changing the room starts from its seats as stored (the list names rooms without them): after a reload too.
  await page.reload();
  await card.getByRole('button', { name: `Modificar Sala Gran Vía de ${name}` }).click();
  const edit = page.getByRole('form', { name: `Modificar Sala Gran Vía de ${name}` });
  await preview.getByText('22 butacas en 3 filas').waitFor();
  await edit.getByLabel('Cambiar las butacas').check();
  expect(await edit.getByLabel('Asientos por fila, de la A hacia atrás').inputValue()).toBe('6, 8, 8');
  expect(await edit.getByLabel('Pasillo después de las columnas (opcional)').inputValue()).toBe('4');
  expect(await edit.getByLabel('Espacios para silla de ruedas (opcional)').inputValue()).toBe('A1, A2');
  expect(await edit.getByLabel('Filas premium (opcional)').inputValue()).toBe('C');
  await edit.getByLabel('Asientos por fila, de la A hacia atrás').fill('6, 8, 8, 10');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await edit.getByText('Sala actualizada con éxito.').waitFor();
  await page.keyboard.press('Escape');
  await card.getByText('Sala Gran Vía · 32 butacas').waitFor();

  // The new cinema is in the selector of every section, and its rooms are those a show can be created in.
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('button', { name: 'Funciones de peliculas' }).click();
  await page.getByRole('combobox', { name: 'Cine', exact: true }).selectOption({ label: `${name} (Madrid)` });
  await page.waitForURL(`**/admin?seccion=funciones&cine=${slug}`);
  await page.getByText('No hay funciones programadas.').waitFor();
  await page.getByRole('button', { name: 'Agregar Funcion' }).click();
  const show = page.getByRole('form', { name: 'Crear Funciones' });
  expect(await show.getByLabel('Sala').locator('option').allTextContents()).toEqual(['Selecciona una sala', 'Sala Gran Vía']);
});
