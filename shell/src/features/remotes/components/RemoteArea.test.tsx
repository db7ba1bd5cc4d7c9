import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, signedInAs, users } from '../../../test/fakeApi';
import { fakeRemotePages, renderApp } from '../../../test/renderApp';
import type { LoadRemotePage, PurchasePanelProps, RemotePageProps } from '@cine/web-kit';

/** The fake remotes, recording what the shell asked for. */
const loaderSpy = () => jest.fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>(fakeRemotePages);

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
  const loadRemotePage = loaderSpy();
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
    const loadRemotePage = loaderSpy();
    await renderApp(path, loadRemotePage);
    expect(await screen.findByText(`remote admin/${exposedModule} para root`)).toBeInTheDocument();
    expect(loadRemotePage).toHaveBeenCalledWith('admin', exposedModule);
  });

  test("a cinema's manager gets the panel (their cinemas' sections) but not Feedback nor Crear Pelicula", async () => {
    const api = installFakeApi();
    signedInAs(api, users.gerente);
    const loadRemotePage = loaderSpy();
    await renderApp('/admin', loadRemotePage);
    expect(await screen.findByText('remote admin/AdminPanel para gerente')).toBeInTheDocument();
    loadRemotePage.mockClear();
    await renderApp('/feedback', loadRemotePage);
    expect(await screen.findByText(/Esta sección es solo para administradores y tu cuenta no tiene ese permiso\./)).toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  test('is never fetched for a user, who is told the section is for admins and given a way back', async () => {
    const api = installFakeApi();
    signedInAs(api, users.ana);
    const loadRemotePage = loaderSpy();
    await renderApp('/admin', loadRemotePage);
    await screen.findByRole('button', { name: 'ana' });
    expect(await screen.findByText(/Esta sección es solo para administradores y tu cuenta no tiene ese permiso\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la cartelera' })).toHaveAttribute('href', '/home');
    expect(screen.queryByText('Verificando permisos...')).not.toBeInTheDocument();
    expect(screen.queryByText(/remote admin/)).not.toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  test.each(['/admin', '/feedback', '/create'])('is never fetched for a guest, who is offered to sign in at %s', async (path) => {
    installFakeApi();
    const loadRemotePage = loaderSpy();
    await renderApp(path, loadRemotePage);
    const signIn = await screen.findByRole('link', { name: 'Inicia sesión con una cuenta de administrador' });
    expect(signIn).toHaveAttribute('href', `/login?volver=${encodeURIComponent(path)}`);
    expect(loadRemotePage).not.toHaveBeenCalled();
  });
});

describe('the door (/acceso)', () => {
  test.each([users.portero, users.gerente, users.root])(
    'loads only admin/AccessControlPage for $username (staff, manager or admin)',
    async (user) => {
      const api = installFakeApi();
      signedInAs(api, user);
      const loadRemotePage = loaderSpy();
      await renderApp('/acceso', loadRemotePage);
      expect(await screen.findByText(`remote admin/AccessControlPage para ${user.username}`)).toBeInTheDocument();
      expect(loadRemotePage.mock.calls).toEqual([['admin', 'AccessControlPage']]);
    },
  );

  test('a user is told it is for the staff, and nothing of the admin remote is fetched', async () => {
    const api = installFakeApi();
    signedInAs(api, users.ana);
    const loadRemotePage = loaderSpy();
    await renderApp('/acceso', loadRemotePage);
    expect(await screen.findByText(/Control de acceso es para el personal del cine/)).toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  test('offline (the server unreachable), a stored staff session reopens the door from what its token claims', async () => {
    const api = installFakeApi();
    const claims = btoa(JSON.stringify({ sub: users.portero.id, role: 'staff', ver: 1 })).replace(/=+$/, '');
    signedInAs(api, users.portero, `h.${claims}.s`);
    api.on('GET', '/api/auth/verifyrole', () => {
      throw new TypeError('Failed to fetch');
    });
    const loadRemotePage = loaderSpy();
    await renderApp('/acceso', loadRemotePage);
    expect(await screen.findByText(/^remote admin\/AccessControlPage para/)).toBeInTheDocument();
  });

  test('staff get no back office: /admin tells them it is for admins', async () => {
    const api = installFakeApi();
    signedInAs(api, users.portero);
    const loadRemotePage = loaderSpy();
    await renderApp('/admin', loadRemotePage);
    await screen.findByRole('button', { name: 'portero' });
    expect(await screen.findByText(/Esta sección es solo para administradores/)).toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });
});

test('/mis-entradas is the checkout remote; offline (the server unreachable) it still gets the stored session', async () => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  api.on('GET', '/api/auth/verifyrole', () => {
    throw new TypeError('Failed to fetch');
  });
  await renderApp('/mis-entradas');
  expect(await screen.findByText(/^remote checkout\/MyTicketsPage para/)).toBeInTheDocument();
  expect(screen.queryByText(/sin sesión/)).not.toBeInTheDocument();
});

describe("the checkout's purchase widget on another remote's page", () => {
  const movie = { id: '7', Title: 'Dune III', Trailer: 'https://www.youtube.com/embed/x' };

  /** The catalog's detail page places the widget; the checkout's widget says what it was given. */
  const detailWithWidget = (widget: () => Promise<unknown>) =>
    jest.fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>(async (remote, exposedModule) => {
      if (remote === 'checkout' && exposedModule === 'PurchasePanel') {
        return (await widget()) as Awaited<ReturnType<LoadRemotePage>>;
      }
      return {
        default: (props: object) => {
          const { widgets } = props as Required<RemotePageProps>;
          return (
            <section aria-label="detalle">
              <h1>detalle</h1>
              <div data-slot="purchase-controls">
                <widgets.PurchasePanel movie={movie} />
              </div>
            </section>
          );
        },
      };
    });

  const purchasePanel = async () => ({
    default: ({ movie: shown, session }: PurchasePanelProps) => (
      <p>{`compra de ${shown.Title} (${shown.id}) para ${session?.username ?? 'invitado'}`}</p>
    ),
  });

  test('is loaded from checkout/PurchasePanel and gets the movie and the session', async () => {
    const api = installFakeApi();
    signedInAs(api, users.ana);
    const loadRemotePage = detailWithWidget(purchasePanel);
    await renderApp('/movies/7', loadRemotePage);
    expect(await screen.findByText('compra de Dune III (7) para ana')).toBeInTheDocument();
    expect(loadRemotePage).toHaveBeenCalledWith('checkout', 'PurchasePanel');
  });

  test('a guest gets it without a session', async () => {
    installFakeApi();
    await renderApp('/movies/7', detailWithWidget(purchasePanel));
    expect(await screen.findByText('compra de Dune III (7) para invitado')).toBeInTheDocument();
  });

  test('a checkout failure stays inside the widget, the page keeps working, and Reintentar loads it', async () => {
    installFakeApi();
    const widget = jest.fn().mockRejectedValueOnce(new Error('checkout caído')).mockImplementation(purchasePanel);
    await renderApp('/movies/7', detailWithWidget(widget));

    const page = await screen.findByRole('region', { name: 'detalle' });
    const error = await within(page).findByRole('alert');
    expect(error).toHaveTextContent('No se pudo cargar esta sección.');
    expect(within(page).getByRole('heading', { name: 'detalle' })).toBeInTheDocument();

    await userEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await within(page).findByText('compra de Dune III (7) para invitado')).toBeInTheDocument();
    expect(widget).toHaveBeenCalledTimes(2);
  });
  describe('on a browser that reports what is on screen', () => {
    /** A stand-in for the browser's IntersectionObserver: the test says when the observed elements appear. */
    let appear: () => void;
    beforeEach(() => {
      const observed: Array<{ callback: IntersectionObserverCallback; target: Element }> = [];
      appear = () =>
        observed.forEach(({ callback, target }) =>
          callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver),
        );
      window.IntersectionObserver = jest.fn((callback: IntersectionObserverCallback) => ({
        observe: (target: Element) => observed.push({ callback, target }),
        disconnect: () => observed.splice(0),
      })) as unknown as typeof IntersectionObserver;
    });
    afterEach(() => {
      delete (window as Partial<typeof window>).IntersectionObserver;
    });

    test('the checkout remote is fetched only once the purchase controls appear on screen', async () => {
      installFakeApi();
      const loadRemotePage = detailWithWidget(purchasePanel);
      await renderApp('/movies/7', loadRemotePage);
      await screen.findByRole('heading', { name: 'detalle' });
      expect(loadRemotePage).not.toHaveBeenCalledWith('checkout', 'PurchasePanel');

      act(() => appear());
      expect(await screen.findByText('compra de Dune III (7) para invitado')).toBeInTheDocument();
      expect(loadRemotePage).toHaveBeenCalledWith('checkout', 'PurchasePanel');
    });

    test('when the URL names a show (a link from the Cartelera por día) the purchase controls load at once', async () => {
      installFakeApi();
      Element.prototype.scrollIntoView = jest.fn();
      const loadRemotePage = detailWithWidget(purchasePanel);
      await renderApp('/movies/7?funcion=6b04a48846b7a8f7611761ff', loadRemotePage);
      expect(await screen.findByText('compra de Dune III (7) para invitado')).toBeInTheDocument();
      expect(loadRemotePage).toHaveBeenCalledWith('checkout', 'PurchasePanel');
      expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    });
  });
});

test.each([
  ['/cartelera', 'catalog/BillboardByDayPage'],
  ['/compra/6b04a48846b7a8f7611761ff', 'checkout/OrderConfirmationPage'],
  ['/mis-compras', 'checkout/MyPurchasesPage'],
])('%s is served by %s', async (path, page) => {
  const api = installFakeApi();
  signedInAs(api, users.ana);
  await renderApp(path);
  expect(await screen.findByText(`remote ${page} para ana`)).toBeInTheDocument();
});
