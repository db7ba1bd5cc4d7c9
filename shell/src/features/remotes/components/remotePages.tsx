import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState, Page } from '@cine/web-kit/ui';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../session/hooks/useSession';
import { useRemoteSession } from '../hooks/useRemoteSession';
import { RemoteArea } from './RemoteArea';

export const HomePage = () => <RemoteArea remote="catalog" exposedModule="HomePage" />;
export const MovieDetailPage = () => <RemoteArea remote="catalog" exposedModule="MovieDetailPage" />;
export const BillboardByDayPage = () => <RemoteArea remote="catalog" exposedModule="BillboardByDayPage" />;

export const CandyPage = () => <RemoteArea remote="checkout" exposedModule="CandyPage" />;
export const CheckoutPage = () => <RemoteArea remote="checkout" exposedModule="CheckoutPage" />;
export const CandyModalPage = () => <RemoteArea remote="checkout" exposedModule="CandyModalPage" />;
export const CajaPage = () => <RemoteArea remote="checkout" exposedModule="CajaPage" />;
export const OrderConfirmationPage = () => <RemoteArea remote="checkout" exposedModule="OrderConfirmationPage" />;
export const MyPurchasesPage = () => <RemoteArea remote="checkout" exposedModule="MyPurchasesPage" />;
export const MyTicketsPage = () => <RemoteArea remote="checkout" exposedModule="MyTicketsPage" />;

/**
 * The admin remote is fetched only once the server has confirmed the admin role (or, for the panel, a cinema's
 * manager: issue 38, who sees their cinemas' sections); anyone else is told in Spanish and given a way back (a guest,
 * the way to sign in), and downloads none of it.
 */
function AdminOnly({ exposedModule, managers = false }: { exposedModule: string; managers?: boolean }) {
  const { status, role } = useSession();
  const { pathname } = useLocation();
  if (status === 'checking') return <Spinner label="Verificando permisos..." />;
  if (role === 'guest') {
    return (
      <NotForYou>
        Esta sección es solo para administradores.{' '}
        <Link to={`/login?volver=${encodeURIComponent(pathname)}`}>Inicia sesión con una cuenta de administrador</Link> o{' '}
        <Link to="/home">vuelve a la cartelera</Link>.
      </NotForYou>
    );
  }
  if (role !== 'admin' && !(managers && role === 'manager')) {
    return (
      <NotForYou>
        Esta sección es solo para administradores y tu cuenta no tiene ese permiso. <Link to="/home">Volver a la cartelera</Link>
      </NotForYou>
    );
  }
  return <RemoteArea remote="admin" exposedModule={exposedModule} />;
}

/**
 * The door's check-in screen, for staff, managers and admins: a small module of the admin remote of its own
 * (admin/AccessControlPage), so staff download none of the back office. It works offline, reloaded too.
 */
export function AccessControlPage() {
  const { status } = useSession();
  // The remote session's role: offline, what the stored token claims, so a reloaded door keeps working.
  const role = useRemoteSession()?.role;
  if (status === 'checking') return <Spinner label="Verificando permisos..." />;
  if (role !== 'staff' && role !== 'manager' && role !== 'admin') {
    return (
      <NotForYou>
        Control de acceso es para el personal del cine. <Link to="/login?volver=%2Facceso">Inicia sesión con tu cuenta de personal</Link>.
      </NotForYou>
    );
  }
  return <RemoteArea remote="admin" exposedModule="AccessControlPage" />;
}

export const AdminPanel = () => <AdminOnly exposedModule="AdminPanel" managers />;
export const FeedbackPage = () => <AdminOnly exposedModule="FeedbackPage" />;
export const CreatePage = () => <AdminOnly exposedModule="CreatePage" />;

function NotForYou({ children }: { children: ReactNode }) {
  return (
    <Page>
      <EmptyState>{children}</EmptyState>
    </Page>
  );
}
