import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { currentSearch, renderInPanel } from '../../../test/inPanel';
import type { Movie } from '../api/movies';
import CreatePage from './CreatePage';
import { MoviesSection } from './MoviesSection';

const TOKEN = 'admin-token';

const matrix: Movie = {
  id: '64b000000000000000000001',
  Title: 'Matrix',
  Poster: '/api/uploads/posters/matrix.svg',
  Rated: '+13',
  Plot: 'Un hacker descubre la verdad.',
  Genre: 'Acción, Ciencia Ficción',
  Actors: 'Keanu Reeves',
  Director: 'Lana Wachowski',
  Runtime: 136,
  Language: 'Inglés',
  Release: '2026-03-12T00:00:00.000Z',
  ReleaseText: '12 Mar 2026',
  ReleaseDate: '2026-03-12',
  Trailer: 'https://www.youtube.com/embed/vKQi3bBA1y8',
  Type: '2D',
};

const dune: Movie = {
  ...matrix,
  id: '64b000000000000000000002',
  Title: 'Dune',
  ReleaseDate: '2026-12-01',
  Release: '2026-12-01T00:00:00.000Z',
};

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/movies/billboard', { status: 200, body: [matrix] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [dune, matrix] })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } })
    .on('GET', '/api/movies/archived', { status: 200, body: [] })
    .on('GET', '/api/show/all', { status: 200, body: [] });
});

test('the search box and the status filter narrow the grid here, and the URL keeps them', async () => {
  const future = { ...matrix, id: '64b000000000000000000003', Title: 'Acción Próxima' };
  api
    .on('GET', '/api/movies/Premieres', { status: 200, body: [dune, future] })
    .on('GET', '/api/show/all', { status: 200, body: [{ id: 's1', movieId: dune.id }] });
  const user = userEvent.setup();
  renderInPanel(<MoviesSection token={TOKEN} />, '/admin?seccion=peliculas');
  await screen.findByRole('button', { name: 'Matrix' });
  const names = () =>
    within(screen.getByRole('list', { name: 'Películas' }))
      .getAllByRole('button')
      .map((poster) => poster.textContent);

  await user.type(screen.getByLabelText('Buscar'), 'accion');
  expect(names()).toEqual(['Acción Próxima']);
  await user.clear(screen.getByLabelText('Buscar'));
  await user.selectOptions(screen.getByLabelText('Estado'), 'Sin funciones');
  await waitFor(() => expect(names()).toEqual(['Matrix', 'Acción Próxima']));
  await user.selectOptions(screen.getByLabelText('Estado'), 'Próximamente');
  expect(names()).toEqual(['Dune', 'Acción Próxima']);
  await user.selectOptions(screen.getByLabelText('Estado'), 'En cartelera');
  expect(names()).toEqual(['Matrix']);
  await user.type(screen.getByLabelText('Buscar'), 'zz');
  expect(screen.getByText('Ninguna película coincide con la búsqueda.')).toBeInTheDocument();
  expect(currentSearch()).toBe('?seccion=peliculas&estado=cartelera&q=zz');
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function openCreateDialog(user = userEvent.setup()) {
  renderInPanel(<MoviesSection token={TOKEN} />);
  await screen.findByRole('button', { name: 'Matrix' });
  await user.click(screen.getByRole('button', { name: 'Agregar Pelicula' }));
  const dialog = screen.getByRole('dialog', { name: 'Crear Pelicula' });
  await within(dialog).findByRole('form', { name: 'Crear Pelicula' });
  return dialog;
}

const submit = (user: ReturnType<typeof userEvent.setup>, name = 'Crear Pelicula') =>
  user.click(within(screen.getByRole('form')).getByRole('button', { name }));

test('the grid joins billboard and premieres, once per movie, sending the bearer token', async () => {
  renderInPanel(<MoviesSection token={TOKEN} />);
  expect(screen.getByRole('status')).toHaveTextContent('Cargando películas…');
  const grid = await screen.findByRole('list', { name: 'Películas' });
  expect(
    within(grid)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Matrix', 'Dune']);
  for (const request of api.requests) expect(request.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(api.requestsTo('GET', '/api/auth/acceder')).toHaveLength(1);
});

test('a failed load shows a Spanish error and retries', async () => {
  api.on('GET', '/api/movies/billboard', { status: 500, body: { statusCode: 500, error: 'Error interno.' } });
  const user = userEvent.setup();
  renderInPanel(<MoviesSection token={TOKEN} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las películas. Error interno.');
  api.on('GET', '/api/movies/billboard', { status: 200, body: [matrix] });
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('button', { name: 'Matrix' })).toBeInTheDocument();
});

test('submitting an empty create form shows every field message and sends nothing', async () => {
  const user = userEvent.setup();
  await openCreateDialog(user);
  await submit(user);
  const messages: [string, string][] = [
    ['Título', 'Por favor ingresa un titulo *'],
    ['Trama', 'Por favor ingresa la trama *'],
    ['Idioma', 'Por favor ingresa un idioma *'],
    ['Director', 'Por favor ingresa el Director *'],
    ['Género', 'Por favor ingresa el/los géneros/s *'],
    ['Actores', 'Por favor ingresa los actores *'],
    ['Fecha de estreno', 'Por favor ingresa una fecha de estreno *'],
    ['Clasificación', 'Por favor ingresa una clasificacion *'],
    ['Tipo', 'Por favor ingresa un tipo *'],
    ['Duración (minutos)', 'Por favor ingresa tiempo de duración de la pelicula*'],
    ['Póster', 'Por favor ingresa una imagen *'],
    ['Trailer', 'Por favor ingresa un trailer *'],
  ];
  for (const [label, message] of messages) {
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
  }
  expect(api.requestsTo('POST', '/api/movies/createMovie')).toHaveLength(0);
});

test('a runtime that is not a number and a trailer that is not YouTube are refused', async () => {
  const user = userEvent.setup();
  await openCreateDialog(user);
  await user.type(screen.getByLabelText('Duración (minutos)'), 'dos horas');
  await user.type(screen.getByLabelText('Trailer'), 'https://vimeo.com/123456789');
  await submit(user);
  expect(screen.getByText('Alguno de los valores no es un número *')).toBeInTheDocument();
  expect(screen.getByText('Solo se aceptan links de youtube *')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Trailer'));
  await user.type(screen.getByLabelText('Trailer'), 'https://www.youtube.com/watch?v=vKQi3bBA1y8');
  expect(screen.queryByText('Solo se aceptan links de youtube *')).not.toBeInTheDocument();
  expect(screen.getByText('Alguno de los valores no es un número *')).toBeInTheDocument();
});

test('genres are chips: at most four, no repeats, each removable', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const user = userEvent.setup();
  await openCreateDialog(user);
  const addGenre = async (genre: string) => {
    await user.selectOptions(screen.getByLabelText('Género'), genre);
    await user.click(screen.getByRole('button', { name: 'Agregar género' }));
  };
  await addGenre('Drama');
  await addGenre('Drama');
  expect(alert).toHaveBeenLastCalledWith('No puedes ingresar mas de cuatro géneros y tampoco repetirlos.');
  for (const genre of ['Acción', 'Terror', 'Musical']) await addGenre(genre);
  await addGenre('Comedia');
  expect(alert).toHaveBeenCalledTimes(2);
  const chips = screen.getByRole('list', { name: 'Géneros elegidos' });
  expect(
    within(chips)
      .getAllByRole('listitem')
      .map((chip) => chip.firstChild?.textContent),
  ).toEqual(['Drama', 'Acción', 'Terror', 'Musical']);
  await user.click(screen.getByRole('button', { name: 'Quitar Terror' }));
  await addGenre('Comedia');
  expect(within(chips).getAllByRole('listitem')).toHaveLength(4);
  expect(alert).toHaveBeenCalledTimes(2);
});

async function fillCompleteForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Título'), 'El Eternauta');
  await user.type(screen.getByLabelText('Idioma'), 'Español');
  await user.type(screen.getByLabelText('Trama'), 'Una nevada mortal cae sobre Buenos Aires.');
  await user.type(screen.getByLabelText('Director'), 'Bruno Stagnaro');
  await user.type(screen.getByLabelText('Actores'), 'Ricardo Darín, Carla Peterson');
  for (const genre of ['Ciencia Ficción', 'Drama']) {
    await user.selectOptions(screen.getByLabelText('Género'), genre);
    await user.click(screen.getByRole('button', { name: 'Agregar género' }));
  }
  fireEvent.change(screen.getByLabelText('Fecha de estreno'), { target: { value: '2026-12-24' } });
  await user.type(screen.getByLabelText('Duración (minutos)'), '124');
  await user.selectOptions(screen.getByLabelText('Clasificación'), '+16');
  await user.selectOptions(screen.getByLabelText('Tipo'), '3D');
  await user.upload(screen.getByLabelText('Póster'), new File(['png'], 'eternauta.png', { type: 'image/png' }));
  await user.type(screen.getByLabelText('Trailer'), 'https://youtu.be/vKQi3bBA1y8');
}

test('the poster is uploaded as multipart field file and its secure_url becomes the preview', async () => {
  api.on('POST', '/api/uploads', { status: 201, body: { id: 'p1', secure_url: '/api/uploads/p1' } });
  const user = userEvent.setup();
  await openCreateDialog(user);
  await user.upload(screen.getByLabelText('Póster'), new File(['png'], 'eternauta.png', { type: 'image/png' }));
  expect(await screen.findByRole('img', { name: 'Vista previa del póster' })).toHaveAttribute('src', '/api/uploads/p1');
  const upload = api.onlyRequestTo('POST', '/api/uploads');
  expect(upload.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(upload.headers['Content-Type']).toBeUndefined();
  expect((upload.body as FormData).get('file')).toHaveProperty('name', 'eternauta.png');
});

test('a failed upload shows the server error', async () => {
  api.on('POST', '/api/uploads', { status: 400, body: { statusCode: 400, error: 'El archivo no es una imagen PNG, JPEG, GIF o WebP.' } });
  const user = userEvent.setup();
  await openCreateDialog(user);
  await user.upload(screen.getByLabelText('Póster'), new File(['txt'], 'nota.png', { type: 'image/png' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('El archivo no es una imagen PNG, JPEG, GIF o WebP.');
  expect(screen.queryByRole('img', { name: 'Vista previa del póster' })).not.toBeInTheDocument();
});

test('a valid create posts the movie body, shows the green message for 5 seconds and reloads the grid', async () => {
  api
    .on('POST', '/api/uploads', { status: 201, body: { id: 'p1', secure_url: '/api/uploads/p1' } })
    .on('POST', '/api/movies/createMovie', { status: 201, body: { ...dune, id: 'new', Title: 'El Eternauta' } });
  await openCreateDialog();
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  api.on('GET', '/api/movies/Premieres', { status: 200, body: [dune, { ...dune, id: 'new', Title: 'El Eternauta' }] });
  await fillCompleteForm(user);
  await screen.findByRole('img', { name: 'Vista previa del póster' });
  // A plain click, so the create and the grid reload settle inside this act; the message is at most 100 ms old afterwards.
  fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Crear Pelicula' }));
  await act(() => jest.advanceTimersByTimeAsync(100));

  expect(screen.getByText('Película creada con éxito.')).toHaveAttribute('role', 'status');
  const create = api.onlyRequestTo('POST', '/api/movies/createMovie');
  expect(create.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(create.body).toEqual({
    Title: 'El Eternauta',
    Plot: 'Una nevada mortal cae sobre Buenos Aires.',
    Language: 'Español',
    Director: 'Bruno Stagnaro',
    Genre: 'Ciencia Ficción, Drama',
    Actors: 'Ricardo Darín, Carla Peterson',
    Release: '2026-12-24',
    Rated: '+16',
    Type: '3D',
    Runtime: 124,
    Poster: '/api/uploads/p1',
    Trailer: 'https://youtu.be/vKQi3bBA1y8',
  });
  expect(screen.getByRole('button', { name: 'El Eternauta' })).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/movies/billboard')).toHaveLength(2);
  expect(screen.getByLabelText('Título')).toHaveValue('');

  act(() => jest.advanceTimersByTime(4800));
  expect(screen.getByText('Película creada con éxito.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  expect(screen.queryByText('Película creada con éxito.')).not.toBeInTheDocument();
});

test("the server's 400 error text is shown", async () => {
  api
    .on('POST', '/api/uploads', { status: 201, body: { id: 'p1', secure_url: '/api/uploads/p1' } })
    .on('POST', '/api/movies/createMovie', { status: 400, body: { statusCode: 400, error: 'Ya existe una película con ese título.' } });
  const user = userEvent.setup();
  await openCreateDialog(user);
  await fillCompleteForm(user);
  await screen.findByRole('img', { name: 'Vista previa del póster' });
  await submit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una película con ese título.');
  expect(screen.queryByText('Película creada con éxito.')).not.toBeInTheDocument();
});

test("create shows 'error no autorizado' when permitir is false", async () => {
  api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: false } });
  const user = userEvent.setup();
  renderInPanel(<MoviesSection token={TOKEN} />);
  await screen.findByRole('button', { name: 'Matrix' });
  await user.click(screen.getByRole('button', { name: 'Agregar Pelicula' }));
  const dialog = screen.getByRole('dialog', { name: 'Crear Pelicula' });
  expect(within(dialog).getByRole('heading', { name: 'error no autorizado' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
});

test("the /create page loads the flag: 'error no autorizado' when false, the form when true", async () => {
  const session = { token: TOKEN, userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' as const };
  api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: false } });
  const { unmount } = render(<CreatePage session={session} />);
  expect(screen.getByRole('status')).toHaveTextContent('Verificando permisos…');
  expect(await screen.findByRole('heading', { name: 'error no autorizado' })).toBeInTheDocument();
  unmount();
  api.on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } });
  render(<CreatePage session={session} />);
  expect(await screen.findByRole('form', { name: 'Crear Pelicula' })).toBeInTheDocument();
  expect(api.requestsTo('GET', '/api/auth/acceder').every((request) => request.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);
});

test('Escape closes the create dialog', async () => {
  const user = userEvent.setup();
  await openCreateDialog(user);
  expect(screen.getByLabelText('Título')).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('clicking a poster opens a dialog titled with the movie, the form prefilled; saving PUTs the movie', async () => {
  api.on('PUT', `/api/movies/update/${matrix.id}`, { status: 200, body: { ...matrix, Title: 'Matrix Recargado' } });
  const user = userEvent.setup();
  renderInPanel(<MoviesSection token={TOKEN} />);
  await user.click(await screen.findByRole('button', { name: 'Matrix' }));
  api
    .on('GET', '/api/movies/billboard', { status: 200, body: [{ ...matrix, Title: 'Matrix Recargado' }] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] });
  const dialog = screen.getByRole('dialog', { name: 'Matrix' });
  expect(within(dialog).getByLabelText('Título')).toHaveValue('Matrix');
  expect(within(dialog).getByLabelText('Fecha de estreno')).toHaveValue('2026-03-12');
  expect(within(dialog).getByLabelText('Duración (minutos)')).toHaveValue('136');
  expect(within(dialog).getByLabelText('Clasificación')).toHaveValue('+13');
  expect(within(dialog).getByLabelText('Tipo')).toHaveValue('2D');
  expect(within(dialog).getByRole('img', { name: 'Vista previa del póster' })).toHaveAttribute('src', matrix.Poster);
  expect(within(within(dialog).getByRole('list', { name: 'Géneros elegidos' })).getAllByRole('listitem')).toHaveLength(2);

  await user.clear(within(dialog).getByLabelText('Título'));
  await user.type(within(dialog).getByLabelText('Título'), 'Matrix Recargado');
  await user.click(within(dialog).getByRole('button', { name: 'Actualizar película' }));

  expect(await within(dialog).findByText('Película actualizada con éxito.')).toBeInTheDocument();
  const update = api.onlyRequestTo('PUT', `/api/movies/update/${matrix.id}`);
  expect(update.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(update.body).toEqual({
    id: matrix.id,
    Title: 'Matrix Recargado',
    Plot: matrix.Plot,
    Language: matrix.Language,
    Director: matrix.Director,
    Genre: 'Acción, Ciencia Ficción',
    Actors: matrix.Actors,
    Release: '2026-03-12',
    Rated: '+13',
    Type: '2D',
    Runtime: 136,
    Poster: matrix.Poster,
    Trailer: matrix.Trailer,
  });
  expect(await screen.findByRole('button', { name: 'Matrix Recargado' })).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Matrix Recargado' })).toBeInTheDocument();
});

test('the edit form requires at least one genre', async () => {
  const user = userEvent.setup();
  renderInPanel(<MoviesSection token={TOKEN} />);
  await user.click(await screen.findByRole('button', { name: 'Matrix' }));
  await user.click(screen.getByRole('button', { name: 'Quitar Acción' }));
  await user.click(screen.getByRole('button', { name: 'Quitar Ciencia Ficción' }));
  await user.click(screen.getByRole('button', { name: 'Actualizar película' }));
  expect(screen.getByLabelText('Género')).toHaveAccessibleDescription('Por favor ingresa el/los géneros/s *');
  expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
});

const showOf = (seats: number) => ({
  id: '64c000000000000000000001',
  schedule: '20:00',
  day: 'Viernes' as const,
  date: '2026-03-13',
  startsAt: '2026-03-13T23:00:00.000Z',
  movieId: matrix.id,
  roomId: 1,
  type: '2D' as const,
  price: 900,
  seats,
  capacity: 100,
  movie: { Title: 'Matrix' },
});

async function openMovie(user: ReturnType<typeof userEvent.setup>, title = 'Matrix') {
  renderInPanel(<MoviesSection token={TOKEN} />);
  await user.click(await screen.findByRole('button', { name: title }));
  return screen.getByRole('dialog', { name: title });
}

test("the edit form comes first; 'Eliminar película' asks first, naming the upcoming shows, then deletes and removes it from the grid", async () => {
  api.on('GET', `/api/show/all?movieId=${matrix.id}`, { status: 200, body: [showOf(93), showOf(100)] });
  api.on('DELETE', `/api/movies/delete/${matrix.id}`, { status: 200, body: { message: 'Película eliminada.' } });
  const user = userEvent.setup();
  const dialog = await openMovie(user);
  const buttons = within(dialog).getAllByRole('button');
  expect(buttons.map((button) => button.textContent).indexOf('Eliminar película')).toBeGreaterThan(
    buttons.map((button) => button.textContent).indexOf('Guardar Cambios'),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar película' }));
  const confirm = screen.getByRole('dialog', { name: 'Eliminar película' });
  expect(api.requestsTo('DELETE', `/api/movies/delete/${matrix.id}`)).toHaveLength(0);
  expect(await within(confirm).findByText('Tiene 2 funciones por venir, con 7 entradas vendidas o reservadas.')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.onlyRequestTo('DELETE', `/api/movies/delete/${matrix.id}`).headers.Authorization).toBe(`Bearer ${TOKEN}`);
  expect(screen.queryByRole('button', { name: 'Matrix' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Dune' })).toBeInTheDocument();
});

test("'Volver' only closes; 'Cancelar' in the confirmation deletes nothing", async () => {
  const user = userEvent.setup();
  const dialog = await openMovie(user, 'Dune');
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar película' }));
  const confirm = screen.getByRole('dialog', { name: 'Eliminar película' });
  expect(await within(confirm).findByText('No tiene funciones por venir.')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog', { name: 'Eliminar película' })).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
});

test("the service's refusal of a movie with paid tickets (409 with the counts) stays in the confirmation", async () => {
  const refusal =
    'No se puede eliminar la película: sus funciones por venir tienen 3 órdenes pagadas, 7 entradas. Cancela esas funciones primero (se reembolsa cada compra y se avisa a los compradores); después se puede eliminar.';
  api.on('DELETE', `/api/movies/delete/${matrix.id}`, { status: 409, body: { statusCode: 409, error: refusal, orders: 3, tickets: 7 } });
  const user = userEvent.setup();
  const dialog = await openMovie(user);
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar película' }));
  const confirm = screen.getByRole('dialog', { name: 'Eliminar película' });
  await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent(refusal);
  expect(screen.getByRole('dialog', { name: 'Matrix' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Matrix' })).toBeInTheDocument();
});

test("'Archivar' asks first, then archives; the grid keeps the archived movie, marked, with 'Desarchivar'", async () => {
  const archived = { ...matrix, Archived: true };
  api.on('PUT', `/api/movies/archive/${matrix.id}`, { status: 200, body: archived });
  const user = userEvent.setup();
  const dialog = await openMovie(user);
  await user.click(within(dialog).getByRole('button', { name: 'Archivar' }));
  const confirm = screen.getByRole('dialog', { name: 'Archivar película' });
  expect(within(confirm).getByText(/Deja de verse en el sitio/)).toBeInTheDocument();
  api.on('GET', '/api/movies/billboard', { status: 200, body: [] });
  api.on('GET', '/api/movies/Premieres', { status: 200, body: [dune] });
  api.on('GET', '/api/movies/archived', { status: 200, body: [archived] });
  await user.click(within(confirm).getByRole('button', { name: 'Archivar' }));
  expect(api.onlyRequestTo('PUT', `/api/movies/archive/${matrix.id}`).body).toEqual({ archived: true });
  await within(dialog).findByRole('button', { name: 'Desarchivar' });
  const grid = await screen.findByRole('list', { name: 'Películas' });
  await waitFor(() => expect(within(grid).getByRole('button', { name: 'Matrix Archivada' })).toBeInTheDocument());

  api.on('PUT', `/api/movies/archive/${matrix.id}`, { status: 200, body: matrix });
  await user.click(within(dialog).getByRole('button', { name: 'Desarchivar' }));
  await within(dialog).findByRole('button', { name: 'Archivar' });
  expect(api.requestsTo('PUT', `/api/movies/archive/${matrix.id}`).at(-1)?.body).toEqual({ archived: false });
});
