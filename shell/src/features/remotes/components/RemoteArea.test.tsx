import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, signedInAs, users } from '../../../test/fakeApi';
import { fakeRemotePages, renderApp } from '../../../test/renderApp';
import type { LoadRemotePage } from '../types';

// React reports every error an error boundary catches; these tests cause them on purpose.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a remote that fails shows the error in its area, the rest keeps working, and Reintentar loads it', async () => {
  installFakeApi();
  const loadRemotePage = jest
    .fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>()
    .mockRejectedValueOnce(new Error('remoteEntry.js no respondió'))
    .mockImplementation(fakeRemotePages);
  await renderApp('/candy', loadRemotePage);

  expect(await screen.findByText('No se pudo cargar esta sección.')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText(/remote checkout\/CandyPage/)).toBeInTheDocument();
  expect(screen.queryByText('No se pudo cargar esta sección.')).not.toBeInTheDocument();
  expect(loadRemotePage).toHaveBeenCalledTimes(2);
});

test('a failure on one page does not stick to the next one', async () => {
  installFakeApi();
  const loadRemotePage = jest
    .fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>()
    .mockRejectedValueOnce(new Error('caído'))
    .mockImplementation(fakeRemotePages);
  await renderApp('/candy', loadRemotePage);
  expect(await screen.findByText('No se pudo cargar esta sección.')).toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Home' }));
  expect(await screen.findByText(/remote catalog\/HomePage/)).toBeInTheDocument();
});

test('a page that throws while rendering is contained too', async () => {
  installFakeApi();
  const broken: LoadRemotePage = async () => ({
    default: () => {
      throw new Error('fallo de render');
    },
  });
  await renderApp('/caja', broken);
  expect(await screen.findByText('No se pudo cargar esta sección.')).toBeInTheDocument();
});

test('remote pages get the session of the signed-in user', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp('/movies/7');
  expect(await screen.findByText('remote catalog/MovieDetailPage para ana')).toBeInTheDocument();
});

test.each(['/candy', '/Checkout', '/CandyModal', '/caja'])('%s is served by the checkout remote', async (path) => {
  installFakeApi();
  const loadRemotePage = jest.fn(fakeRemotePages);
  await renderApp(path, loadRemotePage);
  expect(await screen.findByText(/remote checkout\//)).toBeInTheDocument();
});

describe('admin remote', () => {
  test.each([
    ['/admin', 'AdminPanel'],
    ['/feedback', 'FeedbackPage'],
    ['/create', 'CreatePage'],
  ])('%s loads admin/%s for a verified admin', async (path, exposedModule) => {
    const api = installFakeApi();
    signedInAs(api, users.root);
    const loadRemotePage = jest.fn(fakeRemotePages);
    await renderApp(path, loadRemotePage);
    expect(await screen.findByText(`remote admin/${exposedModule} para root`)).toBeInTheDocument();
    expect(loadRemotePage).toHaveBeenCalledWith('admin', exposedModule);
  });

  test('is never fetched for a user, whose /admin renders nothing', async () => {
    const api = installFakeApi();
    signedInAs(api, users.ana);
    const loadRemotePage = jest.fn(fakeRemotePages);
    await renderApp('/admin', loadRemotePage);
    await screen.findByRole('button', { name: 'ana' });
    expect(screen.queryByText('Verificando permisos...')).not.toBeInTheDocument();
    expect(screen.queryByText(/remote admin/)).not.toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  test('is never fetched for a guest', async () => {
    installFakeApi();
    const loadRemotePage = jest.fn(fakeRemotePages);
    await renderApp('/admin', loadRemotePage);
    expect(loadRemotePage).not.toHaveBeenCalled();
  });
});
