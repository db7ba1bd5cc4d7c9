import type { CinemaSalesRow } from '@cine/contracts';
import type { Page } from 'playwright-core';
import { openPagePerTest } from '../src/browser';
import { aManagerOf, aShowAt, cinemaBySlug, waitForCinemaSales } from '../src/cinemas';
import { aBuyer, paidOrder } from '../src/orders';
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
