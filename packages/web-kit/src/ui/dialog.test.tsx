import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

function renderDialog(onClose = jest.fn()) {
  render(
    <>
      <button type="button">Afuera</button>
      <Dialog title="Borrar" onClose={onClose}>
        <button type="button">Primero</button>
        <button type="button">Último</button>
      </Dialog>
    </>,
  );
  return onClose;
}

test('the dialog is named by its title and focuses its first control', () => {
  renderDialog();
  expect(screen.getByRole('dialog', { name: 'Borrar' })).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('button', { name: 'Primero' })).toHaveFocus();
});

test('Tab and Shift+Tab stay inside the dialog', async () => {
  const user = userEvent.setup();
  renderDialog();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Último' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Último' })).toHaveFocus();
});

test('Escape and the close button close it', async () => {
  const user = userEvent.setup();
  const onClose = renderDialog();
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Cerrar' }));
  expect(onClose).toHaveBeenCalledTimes(2);
});
