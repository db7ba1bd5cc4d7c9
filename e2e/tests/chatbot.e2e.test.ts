import { DEFAULT_CINEMA, type MovieView, type ShowView } from '@cine/contracts';
import type { Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { openPagePerTest, PHONE, screenshot } from '../src/browser';

let page: Page;
openPagePerTest('chatbot', (opened) => (page = opened), PHONE);

/** Today in the cinema's calendar (Buenos Aires). */
function cinemaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
}

/** Cinebot's replies so far, in order. */
const botReplies = (panel: Locator) =>
  panel
    .locator('ol > li')
    .evaluateAll((items) => items.map((item) => item.textContent ?? '').filter((text) => text.startsWith('Cinebot: ')));

/** Types a message, sends it with Enter and answers Cinebot's reply to it. */
async function ask(panel: Locator, question: string): Promise<string> {
  const before = (await botReplies(panel)).length;
  await panel.getByLabel('Mensaje para Cinebot').fill(question);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (count) => Array.from(document.querySelectorAll('ol > li')).filter((li) => li.textContent?.startsWith('Cinebot: ')).length > count,
    before,
  );
  return (await botReplies(panel)).at(-1) as string;
}

test('Cinebot answers from the cinema’s own data: today’s shows, a movie’s times, prices, the address, cancelling; suggestions are buttons', async () => {
  const [shows, billboard] = await Promise.all([
    page.request.get(`/api/show/date?date=${cinemaToday()}`).then((response) => response.json() as Promise<ShowView[]>),
    page.request.get('/api/movies/billboard').then((response) => response.json() as Promise<MovieView[]>),
  ]);
  const comingToday = shows.filter((show) => Date.parse(show.startsAt) > Date.now() + 60_000);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir asistente' }).click();
  const panel = page.getByRole('region', { name: 'Cinebot, asistente virtual' });
  const suggested = panel.getByRole('list', { name: 'Preguntas sugeridas' });
  await suggested.waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A suggested question is a real button: from the message field, Shift+Tab reaches it and Enter asks it.
  for (let presses = 0; presses < 4; presses++) await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('¿Qué películas dan hoy?');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('ol > li')).some((li) => li.textContent?.startsWith('Cinebot: Hoy (')),
  );
  const today = (await botReplies(panel)).at(-1) as string;
  if (comingToday.length > 0) {
    expect(today).toContain('quedan estas funciones');
    expect(today).toContain(comingToday.at(-1)!.movie.Title);
  } else expect(today).toContain('ya no quedan funciones');
  expect(today).not.toMatch(/no tengo una respuesta/);
  await screenshot(page, 'chatbot-phone-today');

  // A movie of the billboard by its title: its times from booking, and a link to buy.
  const moana = billboard.find((movie) => movie.Title === 'Moana 2') ?? (billboard[0] as MovieView);
  const times = await ask(panel, `horarios de ${moana.Title}`);
  expect(times).toMatch(new RegExp(`^Cinebot: (Funciones de ${moana.Title}:|${moana.Title} no tiene funciones)`));
  await panel.getByRole('link', { name: `Comprar entradas para ${moana.Title}` }).waitFor();

  const price = await ask(panel, 'precio de la entrada');
  expect(price).toMatch(/^Cinebot: La entrada cuesta (de )?\$\s\d/);

  const address = await ask(panel, 'dónde queda el cine');
  // No cinema chosen yet (issue 38): every cinema of the chain with its address, and how to choose one.
  expect(address).toContain(`(Buenos Aires): ${DEFAULT_CINEMA.address}. Horario:`);
  expect(address).toContain('Cine Norte (Buenos Aires): Av. Maipú 2500, Olivos.');
  expect(address).toContain('Elige el tuyo en «¿En qué cine?»');
  // Cine Norte chosen in the navbar: its address and hours alone.
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('combobox', { name: 'Cine' })
    .selectOption({ label: 'Cine Norte · Buenos Aires' });
  expect(await ask(panel, 'dónde queda el cine')).toMatch(/^Cinebot: Cine Norte está en Av\. Maipú 2500, Olivos\. Horario: /);

  const cancel = await ask(panel, '¿puedo cancelar mi compra?');
  // Booking's deadline (CANCELLATION_WINDOW_MINUTES, 120 by default), as /config.js tells the web apps.
  expect(cancel).toMatch(/^Cinebot: Sí: en Mis compras, cada compra tiene el botón «Cancelar compra» hasta 2 horas antes/);
  expect(cancel).not.toContain('Para comprar entradas');

  // The spec's keywords keep their replies.
  expect(await ask(panel, '¿Cómo compro entradas?')).toMatch(/^Cinebot: Para comprar entradas/);
  expect(await ask(panel, 'gracias')).toBe('Cinebot: ¡De nada! Que disfrutes la función.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
