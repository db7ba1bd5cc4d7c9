import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ShowView } from '@cine/contracts';
import { cinemaClock } from '@cine/web-kit';
import { aMovie, installFakeApi } from '../../../test/fakeApi';
import { Chatbot } from './Chatbot';

// The first opening loads the panel's code (a lazy chunk): slow on a busy machine.
jest.setTimeout(20_000);

const DOG_API = 'https://dog.ceo/api/breeds/image/random';

async function openAndSay(message: string) {
  render(
    <MemoryRouter>
      <Chatbot />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Abrir asistente' }));
  await userEvent.type(await screen.findByLabelText('Mensaje para Cinebot'), `${message}{Enter}`);
  return screen.getByRole('region', { name: 'Cinebot, asistente virtual' });
}

test('the toggle opens and closes the panel', async () => {
  render(
    <MemoryRouter>
      <Chatbot />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Abrir asistente' }));
  expect(await screen.findByRole('region', { name: 'Cinebot, asistente virtual' })).toHaveTextContent('¡Hola! Soy Cinebot');
  expect(screen.getByRole('button', { name: 'Cerrar asistente' })).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar asistente' }));
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});

test('works from the keyboard: opening focuses the message field, Escape closes and returns to the toggle', async () => {
  render(
    <MemoryRouter>
      <Chatbot />
    </MemoryRouter>,
  );
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByLabelText('Mensaje para Cinebot')).toHaveFocus();
  await userEvent.keyboard('gracias{Enter}');
  expect(await screen.findByText('¡De nada! Que disfrutes la función.')).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Abrir asistente' })).toHaveFocus();
});

test('the conversation is still there after closing and reopening the panel', async () => {
  const said = await openAndSay('gracias');
  await within(said).findByText('¡De nada! Que disfrutes la función.');
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar asistente' }));
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Abrir asistente' }));
  const panel = screen.getByRole('region', { name: 'Cinebot, asistente virtual' });
  expect(within(panel).getByText('¡De nada! Que disfrutes la función.')).toBeInTheDocument();
  expect(screen.getByLabelText('Mensaje para Cinebot')).toHaveFocus();
});

test('a keyword gets its reply, with the registration link', async () => {
  const panel = await openAndSay('quiero registrarme');
  expect(within(panel).getByText('quiero registrarme')).toBeInTheDocument();
  expect(await within(panel).findByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/register');
  expect(screen.getByLabelText('Mensaje para Cinebot')).toHaveValue('');
});

test('dog shows a random picture from the dog API', async () => {
  const api = installFakeApi().on('GET', DOG_API, {
    status: 200,
    body: { message: 'https://images.dog.ceo/breeds/beagle/n02088364_1.jpg', status: 'success' },
  });
  const panel = await openAndSay('dog');
  expect(await within(panel).findByRole('img', { name: 'Un perrito al azar' })).toHaveAttribute(
    'src',
    'https://images.dog.ceo/breeds/beagle/n02088364_1.jpg',
  );
  expect(api.requestsTo('GET', DOG_API)).toHaveLength(1);
});

test('dog with the API unreachable gets a friendly reply instead of an error', async () => {
  globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  const panel = await openAndSay('dog');
  expect(await within(panel).findByText('No pude traer un perrito en este momento. Intenta de nuevo más tarde.')).toBeInTheDocument();
  expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
});

test('dog with the API answering an error gets the same friendly reply', async () => {
  installFakeApi().on('GET', DOG_API, { status: 500, body: { status: 'error' } });
  const panel = await openAndSay('dog');
  expect(await within(panel).findByText(/No pude traer un perrito/)).toBeInTheDocument();
});

test('anything else gets the fallback reply', async () => {
  const panel = await openAndSay('¿Qué hora es?');
  expect(await within(panel).findByText(/no tengo una respuesta para eso/)).toBeInTheDocument();
});

const TODAY = cinemaClock(new Date()).date;

function aShowToday(overrides: Partial<ShowView> = {}): ShowView {
  const startsAt = new Date(Date.now() + 2 * 3_600_000);
  return {
    id: 's1',
    movieId: 'm1',
    movie: { Title: 'Intensa-Mente 3' },
    day: 'Viernes',
    date: TODAY,
    schedule: cinemaClock(startsAt).time,
    startsAt: startsAt.toISOString(),
    roomId: 2,
    type: '2D',
    seats: 50,
    capacity: 100,
    price: 850,
    ...overrides,
  } as ShowView;
}

test('suggested questions are buttons: "¿Qué películas dan hoy?" lists the shows booking has today, by the keyboard', async () => {
  const show = aShowToday();
  const api = installFakeApi()
    .on('GET', '/api/movies/billboard', { status: 200, body: [aMovie()] })
    .on('GET', `/api/show/date?date=${TODAY}`, { status: 200, body: [show] });
  render(
    <MemoryRouter>
      <Chatbot />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Abrir asistente' }));
  const panel = await screen.findByRole('region', { name: 'Cinebot, asistente virtual' });
  const suggested = within(panel).getByRole('list', { name: 'Preguntas sugeridas' });
  expect(
    within(suggested)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['¿Qué películas dan hoy?', '¿Cuánto cuesta la entrada?', '¿Dónde queda el cine?', '¿Puedo cancelar mi compra?']);
  // From the message field, Shift+Tab reaches the suggestions; Enter asks.
  for (let presses = 0; presses < 4; presses++) await userEvent.tab({ shift: true });
  expect(within(suggested).getByRole('button', { name: '¿Qué películas dan hoy?' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(await within(panel).findByText(new RegExp(`Intensa-Mente 3: ${show.schedule} en 2D`))).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: /^Ver la cartelera del/ })).toHaveAttribute('href', `/cartelera?fecha=${TODAY}`);
  expect(within(panel).getByRole('button', { name: 'Horarios de Intensa-Mente 3' })).toBeInTheDocument();
  expect(screen.getByLabelText('Mensaje para Cinebot')).toHaveFocus();
  expect(api.requestsTo('GET', `/api/show/date?date=${TODAY}`)).toHaveLength(1);
}, 20_000);

test('"¿puedo cancelar mi compra?" is answered with what the site does, not how to buy', async () => {
  installFakeApi().on('GET', '/api/movies/billboard', { status: 200, body: [aMovie()] });
  const panel = await openAndSay('¿puedo cancelar mi compra?');
  expect(await within(panel).findByText(/^Sí: en Mis compras/)).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Ir a Mis compras' })).toHaveAttribute('href', '/mis-compras');
  expect(within(panel).queryByText(/^Para comprar entradas/)).not.toBeInTheDocument();
});

test('a movie of the billboard is found by its title: "horarios de Intensa-Mente 3" asks booking for its shows', async () => {
  const show = aShowToday();
  const api = installFakeApi()
    .on('GET', '/api/movies/billboard', { status: 200, body: [aMovie()] })
    .on('GET', '/api/show/all?movieId=m1', { status: 200, body: [show] });
  const panel = await openAndSay('horarios de intensa-mente 3');
  expect(await within(panel).findByText(/^Funciones de Intensa-Mente 3:/)).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Comprar entradas para Intensa-Mente 3' })).toHaveAttribute('href', '/movies/m1');
  expect(api.requestsTo('GET', '/api/show/all?movieId=m1')).toHaveLength(1);
});
