import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../src/accessibility';
import { alertFrom, openPagePerTest, uniqueEmail } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/platform';
import { logIn } from '../src/session';

let page: Page;
openPagePerTest('catalog', (opened) => (page = opened));

/** A 1×1 PNG: the upload endpoint checks the content, not the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Today in the cinema's calendar (Buenos Aires), as the date input wants it. */
function cinemaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
}

const login = (email: string, password: string) => logIn(page, email, password);

const billboard = () => page.getByRole('region', { name: 'EN CARTELERA' });
const premieres = () => page.getByRole('region', { name: 'PRÓXIMOS ESTRENOS' });

test('a guest browses the home page: both carousels page one movie at a time, filters narrow the billboard', async () => {
  await page.goto('/home');
  await billboard().getByRole('link').first().waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const previous = billboard().getByRole('button', { name: 'Película anterior en cartelera' });
  const next = billboard().getByRole('button', { name: 'Película siguiente en cartelera' });
  expect(await previous.count()).toBe(0);
  await next.click();
  await previous.waitFor();
  await previous.click();
  await previous.waitFor({ state: 'detached' });

  await premieres().getByRole('button', { name: 'Estreno siguiente' }).click();
  await premieres().getByRole('button', { name: 'Estreno anterior' }).waitFor();

  // The carousel renders the cards in view; after filtering they must all be of the chosen kind.
  const movies = (await (await page.request.get('/api/movies/billboard')).json()) as Array<{ Title: string; Genre: string; Type: string }>;
  const titlesWhere = (keep: (movie: { Genre: string; Type: string }) => boolean) => movies.filter(keep).map((movie) => movie.Title);
  const visibleTitles = async () =>
    billboard()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.querySelector('span:not([aria-hidden])')?.textContent));

  await page.getByLabel('Tipo').selectOption('3D');
  const threeD = titlesWhere((movie) => movie.Type.trim() === '3D');
  await page.waitForFunction(
    (count) => document.querySelectorAll('[aria-labelledby="en-cartelera"] a').length === count,
    Math.min(4, threeD.length),
  );
  for (const title of await visibleTitles()) expect(threeD).toContain(title);

  await page.getByLabel('Tipo').selectOption('All');
  await page.getByLabel('Género').selectOption('Animación');
  const animated = titlesWhere((movie) => movie.Genre.includes('Animación'));
  await billboard().getByRole('link', { name: 'Robot Salvaje' }).waitFor();
  for (const title of await visibleTitles()) expect(animated).toContain(title);
});

test('a guest searches: empty text alerts, a partial title is found, an unknown one offers Volver, a card opens the detail', async () => {
  await page.goto('/home');
  const search = page.getByPlaceholder('Buscar...');

  expect(await alertFrom(page, () => search.press('Enter'))).toBe('Ingrese un título válido.');

  await search.fill('oppen');
  await search.press('Enter');
  const results = page.getByRole('region', { name: 'Resultados de la búsqueda' });
  await results.getByRole('link', { name: 'Oppenheimer' }).waitFor();

  await search.fill('pelicula inexistente');
  await search.press('Enter');
  await page.getByText('no está disponible en este momento', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Volver' }).click();
  await billboard().getByRole('link').first().waitFor();

  await billboard().getByRole('link').first().click();
  await page.waitForURL(/\/movies\/[^/]+$/);
  await page.getByText('Duración').waitFor();
  await page
    .getByText('NO HAY COMENTARIOS')
    .or(page.getByRole('heading', { name: /comentarios/i }))
    .first()
    .waitFor();
});

test('a signed-in user comments on a movie and finds the comment on their profile', async () => {
  const email = uniqueEmail('critica');
  const response = await page.request.post('/api/auth/register', { data: { email, username: 'critica', password: 'entradas2026' } });
  expect(response.status()).toBe(201);
  await login(email, 'entradas2026');

  const [oppenheimer] = (await (await page.request.get('/api/movies/search?name=oppenheimer')).json()) as Array<{ id: string }>;
  await page.goto(`/movies/${oppenheimer?.id}`);
  await page.getByRole('heading', { name: 'Oppenheimer' }).waitFor();
  await page.getByRole('button', { name: 'Comprar' }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const text = `Gran película ${Date.now()}`;
  await page.getByLabel('Tu comentario').fill(text);
  expect(await alertFrom(page, () => page.getByRole('button', { name: 'Enviar' }).click())).toBe('Comentario Creado');
  await page.getByText(text).waitFor();
  expect(await page.getByLabel('Tu comentario').inputValue()).toBe('');

  await page.goto('/profile');
  await page.getByText(text).waitFor();
  await page.getByText('Oppenheimer').first().waitFor();
});

test('an admin creates a movie with a poster upload; a bad trailer link is refused; the movie shows on the billboard', async () => {
  await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Peliculas', exact: true }).click();
  await page.getByRole('button', { name: 'Agregar Pelicula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Pelicula' });
  const title = `Estreno de prueba ${Date.now()}`;

  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Idioma').fill('Español');
  await dialog.getByLabel('Trama').fill('Una función de prueba de punta a punta.');
  await dialog.getByLabel('Director').fill('Lucrecia Martel');
  await dialog.getByLabel('Actores').fill('Ana, Bruno');
  await dialog.getByLabel('Género').selectOption('Drama');
  await dialog.getByRole('button', { name: 'Agregar género' }).click();
  await dialog.getByLabel('Fecha de estreno').fill(cinemaToday());
  await dialog.getByLabel('Clasificación').selectOption('+13');
  await dialog.getByLabel('Tipo').selectOption('2D');
  await dialog.getByLabel('Duración (minutos)').fill('118');
  await dialog.getByLabel('Póster').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('img', { name: 'Vista previa del póster' }).waitFor();

  await dialog.getByLabel('Trailer').fill('https://vimeo.com/123456');
  await dialog.getByRole('button', { name: 'Crear Pelicula' }).click();
  await dialog.getByText('Solo se aceptan links de youtube *').waitFor();

  await dialog.getByLabel('Trailer').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Crear Pelicula' }).click();
  await page.getByText('Película creada con éxito.').waitFor();

  await page.goto('/home');
  await billboard().getByRole('link', { name: title }).waitFor({ state: 'attached' });
});
