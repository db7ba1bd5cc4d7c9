import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function CandyModalPage(_props: RemotePageProps) {
  return (
    <Page>
      <PageTitle>¡Disfruta de tu funcion con estas promos!</PageTitle>
      <EmptyState>Todavía no hay promos para mostrar.</EmptyState>
    </Page>
  );
}
