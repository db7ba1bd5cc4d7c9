import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../test/fakeApi';
import { currentLocation, renderApp } from '../../../test/renderApp';

test('an unknown path shows the 404 page and VOLVER A HOME goes to /home', async () => {
  installFakeApi();
  await renderApp('/esto/no/existe');
  expect(screen.getByRole('heading', { name: 'Oops... esta página no está disponible.' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'VOLVER A HOME' }));
  expect(currentLocation(screen)).toBe('/home');
  expect(await screen.findByText(/remote catalog\/HomePage/)).toBeInTheDocument();
});

test('/ redirects to /home', async () => {
  installFakeApi();
  await renderApp('/');
  expect(await screen.findByText(/remote catalog\/HomePage/)).toBeInTheDocument();
  expect(currentLocation(screen)).toBe('/home');
});
