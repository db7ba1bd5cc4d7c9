import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AsyncContent } from './load-error';

const reload = jest.fn();

function renderWith(data: Parameters<typeof AsyncContent<string>>[0]['data']) {
  render(
    <AsyncContent data={data} loading="Cargando totales…" failed="No se pudieron cargar los totales.">
      {(value) => <p>Valor: {value}</p>}
    </AsyncContent>,
  );
}

test('announces the load until it answers', () => {
  renderWith({ status: 'loading', reload });
  expect(screen.getByRole('status')).toHaveTextContent('Cargando totales…');
});

test('shows the data once it is ready', () => {
  renderWith({ status: 'ready', data: '42', reload });
  expect(screen.getByText('Valor: 42')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('shows a failure with the server message and retries on request', async () => {
  renderWith({ status: 'error', message: 'El servicio no responde.', error: new Error('x'), reload });
  expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar los totales. El servicio no responde.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(reload).toHaveBeenCalledTimes(1);
});
