import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function CreatePage({ session }: RemotePageProps) {
  if (session?.role !== 'admin') return null;
  return (
    <Page>
      <PageTitle>Crear Pelicula</PageTitle>
      <EmptyState>El formulario para crear películas todavía no está disponible.</EmptyState>
    </Page>
  );
}
