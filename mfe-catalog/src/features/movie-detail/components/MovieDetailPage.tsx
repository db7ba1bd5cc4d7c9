import { Link, useParams } from 'react-router-dom';
import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function MovieDetailPage(_props: RemotePageProps) {
  const { id } = useParams();
  return (
    <Page>
      <PageTitle>Detalle de la película</PageTitle>
      <EmptyState>
        La información de la película {id} todavía no está disponible. <Link to="/home">Ver la cartelera</Link>
      </EmptyState>
    </Page>
  );
}
