import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { installFakeApi } from '../../../test/fakeApi';
import { Chatbot } from './Chatbot';

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
  expect(screen.getByText('¡De nada! Que disfrutes la función.')).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Abrir asistente' })).toHaveFocus();
});

test('the conversation is still there after closing and reopening the panel', async () => {
  await openAndSay('gracias');
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
  expect(within(panel).getByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/register');
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
  expect(within(panel).getByText(/no tengo una respuesta para eso/)).toBeInTheDocument();
});
