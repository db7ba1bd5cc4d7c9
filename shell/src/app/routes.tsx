import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useDocumentTitle } from '@cine/web-kit';
import { AboutPage } from '../features/about/components/AboutPage';
import { ChangePasswordPage } from '../features/auth/components/ChangePasswordPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { NotFoundPage } from '../features/not-found/components/NotFoundPage';
import { Spinner } from '../components/Spinner';
import { RemoteArea } from '../features/remotes/components/RemoteArea';
import {
  AccessControlPage,
  AdminPanel,
  BillboardByDayPage,
  CajaPage,
  CandyModalPage,
  CandyPage,
  CheckoutPage,
  CreatePage,
  FeedbackPage,
  HomePage,
  MovieDetailPage,
  MyPurchasesPage,
  MyTicketsPage,
  OrderConfirmationPage,
} from '../features/remotes/components/remotePages';
import { Layout } from './Layout';

// Issue 41: the profile (now with its Cine Club card) is a chunk of its own: /home has no byte to spare.
const ProfilePage = lazy(() => import('../features/profile/components/ProfilePage'));

/**
 * A route's page with its document title ('Cine — Mis compras'). A page that knows better sets its
 * own later (the movie's page, 'Cine — Oppenheimer', once the movie is loaded).
 */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

/** Every page route of the product (spec §2, issue 23's /cartelera, /compra/:orderId, /mis-compras, issue 24's /mis-entradas, /acceso). Pages owned by a remote render through its RemoteArea. */
export function AppRoutes() {
  const page = (title: string, element: ReactNode) => <Titled title={title}>{element}</Titled>;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="home" element={page('Cartelera y próximos estrenos', <HomePage />)} />
        <Route path="cartelera" element={page('Cartelera por día', <BillboardByDayPage />)} />
        <Route path="movies/:id" element={page('Película', <MovieDetailPage />)} />
        <Route path="compra/:orderId" element={page('Compra confirmada', <OrderConfirmationPage />)} />
        <Route path="mis-compras" element={page('Mis compras', <MyPurchasesPage />)} />
        <Route path="mis-entradas" element={page('Mis entradas', <MyTicketsPage />)} />
        <Route path="tarjeta-regalo" element={page('Tarjetas regalo', <RemoteArea remote="checkout" exposedModule="GiftCardPage" />)} />
        {/* Issue 40's waiting room; its page titles itself ('Fila de la preventa'): /home's budget has no byte to spare. */}
        <Route path="fila/:id" element={<RemoteArea remote="checkout" exposedModule="FilaPage" />} />
        {/* Issue 41's Cine Club, titled by its page, as the waiting room. */}
        <Route path="club" element={<RemoteArea remote="checkout" exposedModule="ClubPage" />} />
        <Route path="acceso" element={page('Control de acceso', <AccessControlPage />)} />
        <Route path="login" element={page('Iniciar sesión', <LoginPage />)} />
        <Route path="register" element={page('Regístrate', <RegisterPage />)} />
        <Route
          path="profile"
          element={page(
            'Mi perfil',
            <Suspense fallback={<Spinner label="Cargando perfil..." />}>
              <ProfilePage />
            </Suspense>,
          )}
        />
        <Route path="changepassword" element={page('Cambiar contraseña', <ChangePasswordPage />)} />
        <Route path="about" element={page('Nosotros', <AboutPage />)} />
        <Route path="candy" element={page('Promos', <CandyPage />)} />
        <Route path="Checkout" element={page('Pago', <CheckoutPage />)} />
        <Route path="CandyModal" element={page('Promos', <CandyModalPage />)} />
        <Route path="caja" element={page('Caja', <CajaPage />)} />
        <Route path="admin" element={page('Panel de Admin', <AdminPanel />)} />
        <Route path="feedback" element={page('Feedback', <FeedbackPage />)} />
        <Route path="create" element={page('Crear película', <CreatePage />)} />
        <Route path="*" element={page('Página no encontrada', <NotFoundPage />)} />
      </Route>
    </Routes>
  );
}
