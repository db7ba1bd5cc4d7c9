import { Page, PageTitle } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { CreateMovieGate } from './CreateMovieGate';

export default function CreatePage({ session }: RemotePageProps) {
  if (session?.role !== 'admin') return null;
  return <CreateMoviePage token={session.token} />;
}

function CreateMoviePage({ token }: { token: string }) {
  const access = useCreateAccess(token);
  return (
    <Page>
      <PageTitle>Crear Pelicula</PageTitle>
      <CreateMovieGate token={token} access={access} />
    </Page>
  );
}
