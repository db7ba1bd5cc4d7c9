import { Link } from 'react-router-dom';
import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function CheckoutPage({ session }: RemotePageProps) {
  return (
    <Page>
      <PageTitle>Metodo de Pago</PageTitle>
      {session ? (
        <EmptyState>No tienes compras pendientes de pago.</EmptyState>
      ) : (
        <EmptyState>
          Debes iniciar sesion para Comprar. <Link to="/login">Iniciar sesión</Link>
        </EmptyState>
      )}
    </Page>
  );
}
