import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CHAIN_CINEMAS, withChainCinemas } from '@cine/web-kit/testing';
import { chooseCinema } from '@cine/web-kit';
import { aMovie, installFakeApi } from '../test/fakeApi';
import HomePage from './HomePage';

const NORTE = CHAIN_CINEMAS[1]!;

function renderHome(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/home" element={<HomePage session={null} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/home');
  window.innerWidth = 1280;
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test("the billboard and premieres are the chosen cinema's, and switching cinema reloads them", async () => {
  const api = withChainCinemas(installFakeApi())
    .on('GET', '/api/movies/billboard', { status: 200, body: [aMovie({ id: 'm1', Title: 'En todos' })] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', `/api/movies/billboard?cinemaId=${NORTE.id}`, { status: 200, body: [aMovie({ id: 'm2', Title: 'Solo en Norte' })] })
    .on('GET', `/api/movies/Premieres?cinemaId=${NORTE.id}`, { status: 200, body: [] });
  renderHome('/home');
  const billboard = () => screen.getByRole('region', { name: 'EN CARTELERA' });
  expect(await within(billboard()).findByRole('link', { name: 'En todos' })).toBeInTheDocument();

  act(() => chooseCinema('norte'));
  expect(await within(billboard()).findByRole('link', { name: 'Solo en Norte' })).toBeInTheDocument();
  expect(within(billboard()).getByText('Cine Norte · Buenos Aires')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'PRÓXIMOS ESTRENOS' })).getByText('Todavía no hay estrenos anunciados en Cine Norte.'),
  ).toBeInTheDocument();
  expect(api.requestsTo('GET', `/api/movies/billboard?cinemaId=${NORTE.id}`)).toHaveLength(1);
});

test('search results put the chosen cinema’s movies first and say which play in other cinemas', async () => {
  withChainCinemas(installFakeApi())
    .on('GET', '/api/movies/search?name=dune', {
      status: 200,
      body: [aMovie({ id: 'm1', Title: 'Duna' }), aMovie({ id: 'm2', Title: 'Duna: Parte Dos' })],
    })
    .on('GET', `/api/movies/billboard?cinemaId=${NORTE.id}`, { status: 200, body: [aMovie({ id: 'm2', Title: 'Duna: Parte Dos' })] })
    .on('GET', `/api/movies/Premieres?cinemaId=${NORTE.id}`, { status: 200, body: [] });
  act(() => chooseCinema('norte'));
  renderHome('/home?search=dune');
  const results = await screen.findByRole('region', { name: 'Resultados de la búsqueda' });
  const [here, elsewhere] = await within(results).findAllByRole('list');
  expect(within(here!).getByRole('link', { name: 'Duna: Parte Dos' })).toBeInTheDocument();
  expect(within(results).getByRole('heading', { name: 'En otros cines (no en Cine Norte)' })).toBeInTheDocument();
  expect(within(elsewhere!).getByRole('link', { name: 'Duna' })).toBeInTheDocument();
});
