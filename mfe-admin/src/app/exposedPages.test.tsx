import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { installFakeApi } from '../test/fakeApi';
import type { RemotePageProps } from '@cine/web-kit';
import FeedbackPage from '../features/feedback/components/FeedbackPage';
import CreatePage from '../features/movies/components/CreatePage';
import AdminPanel from './AdminPanel';
import { adminSections } from '../features/panel/sections';

const admin: RemotePageProps['session'] = { token: 't', userId: 'a1', username: 'root', email: 'root@cine.test', role: 'admin' };
const user: RemotePageProps['session'] = { token: 't', userId: 'u1', username: 'ana', email: 'ana@cine.test', role: 'user' };

/** The shell's router around the page, as the panel's menu links need it. */
const inShell = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/admin']}>{children}</MemoryRouter>;

beforeEach(() => {
  installFakeApi()
    .on('GET', '/api/cinemas', { status: 200, body: [] })
    .on('GET', '/api/movies/billboard', { status: 200, body: [] })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [] })
    .on('GET', '/api/movies/archived', { status: 200, body: [] })
    .on('GET', '/api/auth/acceder', { status: 200, body: { permitir: true } });
});

test('the admin panel lists the spec sections and switches between them', async () => {
  render(<AdminPanel session={admin} />, { wrapper: inShell });
  for (const section of adminSections) {
    expect(screen.getByRole('button', { name: section })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Peliculas');
  expect(await screen.findByText('No hay películas cargadas.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Usuarios Registrados' }));
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Usuarios Registrados');
  expect(screen.getByRole('button', { name: 'Usuarios Registrados' })).toHaveAttribute('aria-current', 'true');
});

test('the URL keeps the section: a reload or a shared link opens it, and an unknown one opens Peliculas', async () => {
  installFakeApi().on('GET', '/api/admin', { status: 200, body: { items: [], total: 0, page: 1, pageSize: 25 } });
  const { unmount } = render(
    <MemoryRouter initialEntries={['/admin?seccion=usuarios&page=2']}>
      <AdminPanel session={admin} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Usuarios Registrados');
  expect(screen.getByRole('button', { name: 'Usuarios Registrados' })).toHaveAttribute('aria-current', 'true');
  unmount();
  render(
    <MemoryRouter initialEntries={['/admin?seccion=otra']}>
      <AdminPanel session={admin} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Peliculas');
});

test('every section has its own content: no placeholder left', async () => {
  const user = userEvent.setup();
  render(<AdminPanel session={admin} />, { wrapper: inShell });
  for (const section of adminSections) {
    await user.click(screen.getByRole('button', { name: section }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(section);
    expect(screen.queryByText('Esta sección todavía no tiene datos para mostrar.')).not.toBeInTheDocument();
  }
});

test.each([
  ['AdminPanel', AdminPanel],
  ['FeedbackPage', FeedbackPage],
  ['CreatePage', CreatePage],
])('%s renders nothing for a user or a guest', (_name, Page) => {
  const { container, rerender } = render(<Page session={user} />, { wrapper: inShell });
  expect(container).toBeEmptyDOMElement();
  rerender(<Page session={null} />);
  expect(container).toBeEmptyDOMElement();
});

test('feedback and create pages render for an admin', async () => {
  const { unmount } = render(<FeedbackPage session={admin} />, { wrapper: inShell });
  expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
  unmount();
  render(<CreatePage session={admin} />);
  expect(screen.getByRole('heading', { name: 'Crear Pelicula' })).toBeInTheDocument();
  expect(await screen.findByRole('form', { name: 'Crear Pelicula' })).toBeInTheDocument();
});

test("the panel's user menu has Home, Perfil and Cerrar Sesion, which signs out and goes to /home", async () => {
  const signOut = jest.fn();
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin" element={<AdminPanel session={admin} signOut={signOut} />} />
        <Route path="/home" element={<p>Página de inicio</p>} />
      </Routes>
    </MemoryRouter>,
  );
  const menu = screen.getByRole('navigation', { name: 'Menú del administrador' });
  expect(menu).toHaveTextContent('HomePerfilCerrar Sesion');
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  expect(screen.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesion' }));
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Página de inicio')).toBeInTheDocument();
});
