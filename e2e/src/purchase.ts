import type { ShowView } from '@cine/contracts';
import type { Locator, Page } from 'playwright-core';

/**
 * On the movie's page: the day, time and format of `show`, Comprar, `tickets` tickets and Elegir asientos;
 * answers the dialog once the seat map has chosen them. On a phone the purchase controls are below the
 * fold (the shell loads them once they come on screen), so the page is scrolled until they show.
 */
export async function openSeatMap(page: Page, show: ShowView, tickets: number): Promise<Locator> {
  const dialog = await openTicketDialog(page, show);
  for (let n = 0; n < tickets; n += 1) await dialog.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await dialog.getByRole('button', { name: 'Elegir asientos' }).click();
  await dialog.getByText(`(${tickets} de ${tickets})`).waitFor();
  return dialog;
}

/** On the movie's page: the day, time and show of `show`, then Comprar; answers the tickets dialog (one counter per type). */
export async function openTicketDialog(page: Page, show: ShowView): Promise<Locator> {
  await page.goto(`/movies/${show.movieId}`);
  await page.getByRole('heading', { name: show.movie.Title, level: 1 }).waitFor();
  const day = page.getByLabel('Día', { exact: true });
  for (let tries = 0; tries < 20 && !(await day.isVisible()); tries++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  const [, month, dayOfMonth] = show.date.split('-');
  await day.selectOption({ label: `${show.day} ${dayOfMonth}/${month}` });
  await page.getByLabel('Horario').selectOption({ label: show.schedule });
  // "3D", or "3D · Sala 5" when another room has a 3D show at that time: the option of this show.
  await page.getByLabel('Formato').selectOption(show.id);
  await page.getByRole('button', { name: 'Comprar' }).click();
  return page.getByRole('dialog', { name: 'Entradas' });
}
