import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { aMovie, installFakeApi, manyMovies, type FakeApi } from '../test/fakeApi';
import type { RemotePageProps } from '@cine/web-kit';
import HomePage, { PREMIERES_ANCHOR_ID } from './HomePage';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderHome(entry: string, session: RemotePageProps['session'] = null) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/home" element={<HomePage session={session} />} />
        <Route path="/movies/:id" element={<p>detalle</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

function apiWith(billboard = manyMovies(6), premieres: ReturnType<typeof manyMovies> = []): FakeApi {
  return installFakeApi()
    .on('GET', '/api/movies/billboard', { status: 200, body: billboard })
    .on('GET', '/api/movies/Premieres', { status: 200, body: premieres });
}

const billboardSection = () => screen.getByRole('region', { name: 'EN CARTELERA' });
const premieresSection = () => screen.getByRole('region', { name: 'PRÓXIMOS ESTRENOS' });
/** The title each card shows (its first text not hidden from assistive technology: the format badge is). */
const cardTitles = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('link')
    .map((link) => link.querySelector('span:not([aria-hidden])')?.textContent);

beforeEach(() => {
  window.innerWidth = 1280;
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('shows skeletons while loading, then four billboard movies per view', async () => {
  apiWith();
  renderHome('/home');
  expect(within(billboardSection()).getByRole('status')).toHaveTextContent('Cargando películas...');
  expect(await within(billboardSection()).findByRole('link', { name: 'Película 1' })).toBeInTheDocument();
  expect(cardTitles(billboardSection())).toEqual(['Película 1', 'Película 2', 'Película 3', 'Película 4']);
});

test("the billboard's posters are fetched first and the premieres' lazily, each with its size set (no layout shift)", async () => {
  apiWith(manyMovies(4), manyMovies(4));
  const { container } = renderHome('/home');
  await within(billboardSection()).findByRole('link', { name: 'Película 1' });
  await within(premieresSection()).findAllByRole('link');
  const posters = (section: HTMLElement) => [...section.querySelectorAll('img')];
  expect(posters(billboardSection())).toHaveLength(4);
  for (const poster of posters(billboardSection())) {
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster).not.toHaveAttribute('loading');
  }
  expect(posters(premieresSection())).toHaveLength(4);
  for (const poster of posters(premieresSection())) {
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).not.toHaveAttribute('fetchpriority');
  }
  for (const poster of container.querySelectorAll('img')) {
    expect(poster).toHaveAttribute('width', '400');
    expect(poster).toHaveAttribute('height', '600');
  }
});

test('the billboard arrows scroll one movie at a time, each shown only when it can move', async () => {
  apiWith(manyMovies(6));
  renderHome('/home');
  const section = billboardSection();
  await within(section).findByRole('link', { name: 'Película 1' });
  const left = () => within(section).queryByRole('button', { name: 'Película anterior en cartelera' });
  const right = () => within(section).queryByRole('button', { name: 'Película siguiente en cartelera' });

  expect(left()).not.toBeInTheDocument();
  await userEvent.click(right()!);
  expect(cardTitles(section)).toEqual(['Película 2', 'Película 3', 'Película 4', 'Película 5']);
  expect(left()).toBeInTheDocument();
  await userEvent.click(right()!);
  expect(cardTitles(section)).toEqual(['Película 3', 'Película 4', 'Película 5', 'Película 6']);
  expect(right()).not.toBeInTheDocument();
  await userEvent.click(left()!);
  await userEvent.click(left()!);
  expect(cardTitles(section)).toEqual(['Película 1', 'Película 2', 'Película 3', 'Película 4']);
  expect(left()).not.toBeInTheDocument();
});

test('four movies or fewer show no arrows', async () => {
  apiWith(manyMovies(4));
  renderHome('/home');
  await within(billboardSection()).findByRole('link', { name: 'Película 4' });
  expect(within(billboardSection()).queryByRole('button', { name: /(anterior|siguiente)/ })).not.toBeInTheDocument();
});

test('a narrow phone shows one card per view with the same arrow rules', async () => {
  window.innerWidth = 320;
  apiWith(manyMovies(2));
  renderHome('/home');
  await within(billboardSection()).findByRole('link', { name: 'Película 1' });
  expect(cardTitles(billboardSection())).toEqual(['Película 1']);
  await userEvent.click(screen.getByRole('button', { name: 'Película siguiente en cartelera' }));
  expect(cardTitles(billboardSection())).toEqual(['Película 2']);
  expect(screen.queryByRole('button', { name: 'Película siguiente en cartelera' })).not.toBeInTheDocument();
});

test('premieres page the same way, show release dates, and are the navbar scroll target', async () => {
  apiWith(
    [],
    [
      aMovie({ id: 'p2', Title: 'Avatar 4', Release: '2026-12-18T00:00:00.000Z', ReleaseDate: '2026-12-18', ReleaseText: '18 Dec 2026' }),
      ...manyMovies(4, { Release: '2026-12-20T00:00:00.000Z', ReleaseDate: '2026-12-20', ReleaseText: '20 Dec 2026' }),
      aMovie({ id: 'p1', Title: 'Toy Story 5', Release: '2026-12-01T00:00:00.000Z', ReleaseDate: '2026-12-01', ReleaseText: '1 Dec 2026' }),
    ],
  );
  renderHome('/home');
  const section = premieresSection();
  expect(section).toHaveAttribute('id', PREMIERES_ANCHOR_ID);
  // A premiere's card is named by what it shows: the title and the release date, in Spanish (not the API's '1 Dec 2026').
  await within(section).findByRole('link', { name: 'Toy Story 5 Estreno: 1 de diciembre de 2026' });
  expect(cardTitles(section)).toEqual(['Toy Story 5', 'Avatar 4', 'Película 1', 'Película 2']);
  expect(within(section).getByText('Estreno: 1 de diciembre de 2026')).toBeInTheDocument();
  await userEvent.click(within(section).getByRole('button', { name: 'Estreno siguiente' }));
  expect(cardTitles(section)[0]).toBe('Avatar 4');
  expect(within(section).getByRole('button', { name: 'Estreno anterior' })).toBeInTheDocument();
  expect(screen.getByText('Todavía no hay películas en cartelera.')).toBeInTheDocument();
});

test('the genre and type filters narrow the billboard and restart it from the first movie', async () => {
  apiWith([
    aMovie({ id: 'a', Title: 'Toy Story 5', Genre: 'Animación, Comedia', Type: '3D' }),
    aMovie({ id: 'b', Title: 'Dune III', Genre: 'Ciencia Ficción, Aventura', Type: '2D' }),
    aMovie({ id: 'c', Title: 'Intensa-Mente 3', Genre: 'Animación', Type: ' 2D' }),
    ...manyMovies(4, { Genre: 'Animación, Drama', Type: '3D' }),
  ]);
  renderHome('/home');
  await within(billboardSection()).findByRole('link', { name: 'Dune III' });
  await userEvent.click(screen.getByRole('button', { name: 'Película siguiente en cartelera' }));
  expect(cardTitles(billboardSection())[0]).toBe('Dune III');

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Género' }), 'Animación');
  expect(cardTitles(billboardSection())).toEqual(['Toy Story 5', 'Intensa-Mente 3', 'Película 1', 'Película 2']);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), '2D');
  expect(cardTitles(billboardSection())).toEqual(['Intensa-Mente 3']);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Género' }), 'Comedia');
  expect(within(billboardSection()).getByText('No hay películas en cartelera con esos filtros.')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Género' }), 'All');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'All');
  expect(cardTitles(billboardSection())).toEqual(['Toy Story 5', 'Dune III', 'Intensa-Mente 3', 'Película 1']);
});

test('the filters offer the spec values', async () => {
  apiWith();
  renderHome('/home');
  const options = (name: string) =>
    within(screen.getByRole('combobox', { name }))
      .getAllByRole('option')
      .map((option) => option.textContent);
  expect(options('Género')).toEqual(['All', 'Animación', 'Aventura', 'Comedia', 'Acción', 'Fantasía', 'Ciencia Ficción', 'Drama']);
  expect(options('Tipo')).toEqual(['All', '2D', '3D']);
  await within(billboardSection()).findByRole('link', { name: 'Película 1' });
});

test('clicking a card opens the movie detail', async () => {
  apiWith([aMovie({ id: 'abc123', Title: 'Dune III' })]);
  renderHome('/home');
  await userEvent.click(await screen.findByRole('link', { name: 'Dune III' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/movies/abc123');
});

test('a failed load shows the error with Reintentar, which loads again', async () => {
  const api = apiWith().on('GET', '/api/movies/billboard', { status: 503, body: { statusCode: 503, error: 'Servicio no disponible' } });
  renderHome('/home');
  expect(await within(billboardSection()).findByRole('alert')).toHaveTextContent('Servicio no disponible');
  api.on('GET', '/api/movies/billboard', { status: 200, body: manyMovies(2) });
  await userEvent.click(within(billboardSection()).getByRole('button', { name: 'Reintentar' }));
  expect(await within(billboardSection()).findByRole('link', { name: 'Película 2' })).toBeInTheDocument();
});

describe('search from the navbar (?search=)', () => {
  test('searches by name and lists what it finds', async () => {
    const api = apiWith().on('GET', '/api/movies/search?name=toy%20story', {
      status: 200,
      body: [aMovie({ id: 't5', Title: 'Toy Story 5' })],
    });
    renderHome('/home?search=toy%20story');
    const results = await screen.findByRole('region', { name: 'Resultados de la búsqueda' });
    expect(await within(results).findByRole('link', { name: 'Toy Story 5' })).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/movies/search?name=toy%20story')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'EN CARTELERA' })).not.toBeInTheDocument();
  });

  test('nothing found says the title is not available; Volver reloads the full list', async () => {
    const api = apiWith().on('GET', '/api/movies/search?name=Matrix', { status: 200, body: [] });
    renderHome('/home?search=Matrix');
    expect(
      await screen.findByText(
        'La película «Matrix» no está disponible en este momento. Revisa que el título esté bien escrito o vuelve a intentarlo más tarde.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
    expect(await within(billboardSection()).findByRole('link', { name: 'Película 1' })).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/movies/billboard')).toHaveLength(1);
  });

  test('a failing search counts as nothing found', async () => {
    apiWith().on('GET', '/api/movies/search?name=Matrix', { status: 500, body: { statusCode: 500, error: 'x' } });
    renderHome('/home?search=Matrix');
    expect(await screen.findByText(/«Matrix» no está disponible en este momento/)).toBeInTheDocument();
  });
});

describe('newsletter', () => {
  test('subscribes the e-mail and confirms', async () => {
    const api = apiWith().on('POST', '/api/mailing/newsletter', { status: 200, body: { message: 'ok' } });
    renderHome('/home');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@cine.test');
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    expect(window.alert).toHaveBeenCalledWith('El usuario ha sido añadido al newsletter');
    expect(api.requestsTo('POST', '/api/mailing/newsletter')[0]!.body).toEqual({ email: 'ana@cine.test' });
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });

  test('a failure says that e-mail was not added', async () => {
    apiWith().on('POST', '/api/mailing/newsletter', { status: 500, body: { statusCode: 500, error: 'x' } });
    renderHome('/home');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@cine.test');
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    expect(window.alert).toHaveBeenCalledWith('El usuario ana@cine.test no fue añadido al newsletter. Inténtalo de nuevo.');
  });
});

describe('feedback', () => {
  test('a guest is asked to log in and nothing is sent', async () => {
    const api = apiWith();
    renderHome('/home');
    await userEvent.type(screen.getByLabelText('Tu mensaje'), 'Más funciones de noche');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar feedback' }));
    expect(window.alert).toHaveBeenCalledWith('Debes iniciar sesion para dejar Feedback !');
    expect(api.requests.filter((r) => r.path.startsWith('/api/feedback'))).toHaveLength(0);
  });

  test('a user sends it with the session token and gets Feedback creado', async () => {
    const api = apiWith().on('POST', '/api/feedback/add/u-ana', { status: 201, body: { id: 'f1' } });
    renderHome('/home', { token: 'tok', userId: 'u-ana', username: 'ana', email: 'ana@cine.test', role: 'user' });
    await userEvent.type(screen.getByLabelText('Tu mensaje'), 'Más funciones de noche');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar feedback' }));
    expect(window.alert).toHaveBeenCalledWith('Feedback creado');
    const [request] = api.requestsTo('POST', '/api/feedback/add/u-ana');
    expect(request!.body).toEqual({ Text: 'Más funciones de noche' });
    expect(request!.headers.Authorization).toBe('Bearer tok');
    expect(screen.getByLabelText('Tu mensaje')).toHaveValue('');
  });
});

test('the image carousel has four slides and its buttons move between them', async () => {
  apiWith();
  renderHome('/home');
  const hero = screen.getByRole('region', { name: 'Destacados' });
  expect(within(hero).getAllByRole('button', { name: /Ir a la diapositiva/ })).toHaveLength(4);
  await userEvent.click(within(hero).getByRole('button', { name: 'Diapositiva siguiente' }));
  expect(within(hero).getByRole('button', { name: 'Ir a la diapositiva 2' })).toHaveAttribute('aria-current', 'true');
  await userEvent.click(within(hero).getByRole('button', { name: 'Diapositiva anterior' }));
  await userEvent.click(within(hero).getByRole('button', { name: 'Diapositiva anterior' }));
  expect(within(hero).getByRole('button', { name: 'Ir a la diapositiva 4' })).toHaveAttribute('aria-current', 'true');
  await within(billboardSection()).findByRole('link', { name: 'Película 1' });
});
