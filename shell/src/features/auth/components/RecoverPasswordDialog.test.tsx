import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../test/fakeApi';
import { RecoverPasswordDialog } from './RecoverPasswordDialog';

function openDialog(onClose = jest.fn()) {
  render(<RecoverPasswordDialog onClose={onClose} />);
  return onClose;
}

test('the e-mail field carries the spec pattern and title', async () => {
  installFakeApi();
  openDialog();
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('title', 'Ingresar formato mail');
  const pattern = new RegExp(`^(?:${email.getAttribute('pattern')})$`, 'v');
  expect(pattern.test('ana.maria+cine@mail.com.ar')).toBe(true);
  expect(pattern.test('Ana@Mail.com')).toBe(false);
  expect(pattern.test('ana@mail.c')).toBe(false);
});

test('an address outside the pattern is not sent', async () => {
  const api = installFakeApi();
  openDialog();
  await userEvent.type(screen.getByLabelText('Email'), 'ANA@MAIL');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  expect(api.requests).toHaveLength(0);
});

test('an e-mail typed in capitals is lower-cased before the pattern checks it, as login takes it', async () => {
  const api = installFakeApi().on('POST', '/api/mailing/recuperarpassword', { status: 202, body: { message: 'ok' } });
  openDialog();

  await userEvent.type(screen.getByLabelText('Email'), 'Ana.Maria@Cine.Test');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

  expect(screen.getByLabelText('Email')).toHaveValue('ana.maria@cine.test');
  expect(window.alert).toHaveBeenCalledWith('El mail ha sido enviado a la casilla indicada.');
  expect(api.requestsTo('POST', '/api/mailing/recuperarpassword')[0]?.body).toEqual({ email: 'ana.maria@cine.test' });
});

test('sending the code alerts success and then asks for the code and the new password', async () => {
  const api = installFakeApi()
    .on('POST', '/api/mailing/recuperarpassword', { status: 202, body: { message: 'ok' } })
    .on('POST', '/api/mailing/resetpassword', { status: 200, body: { message: 'ok' } });
  openDialog();

  await userEvent.type(screen.getByLabelText('Email'), 'ana@cine.test');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

  expect(window.alert).toHaveBeenCalledWith('El mail ha sido enviado a la casilla indicada.');
  expect(api.requestsTo('POST', '/api/mailing/recuperarpassword')[0]?.body).toEqual({ email: 'ana@cine.test' });

  await userEvent.type(await screen.findByLabelText('Código'), '123456');
  await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

  expect(await screen.findByText(/Tu contraseña fue actualizada/)).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/mailing/resetpassword')[0]?.body).toEqual({
    email: 'ana@cine.test',
    code: '123456',
    password: 'nueva-clave-1',
  });
});

test('a failed send alerts the spec error', async () => {
  installFakeApi().on('POST', '/api/mailing/recuperarpassword', {
    status: 503,
    body: { statusCode: 503, error: 'Servicio no disponible' },
  });
  openDialog();
  await userEvent.type(screen.getByLabelText('Email'), 'ana@cine.test');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  expect(window.alert).toHaveBeenCalledWith('Error al verificar casilla. Intente nuevamente.');
  expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
});

test('a wrong or expired code shows the server message', async () => {
  installFakeApi().on('POST', '/api/mailing/resetpassword', {
    status: 400,
    body: { statusCode: 400, error: 'El código es inválido o expiró' },
  });
  openDialog();
  await userEvent.click(screen.getByRole('button', { name: 'Ya tengo un código' }));
  await userEvent.type(screen.getByLabelText('Email'), 'ana@cine.test');
  await userEvent.type(screen.getByLabelText('Código'), '000000');
  await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('El código es inválido o expiró');
});

test('Escape closes the dialog', async () => {
  installFakeApi();
  const onClose = openDialog();
  await userEvent.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalled();
});
