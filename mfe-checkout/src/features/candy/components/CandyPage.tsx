import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function CandyPage(_props: RemotePageProps) {
  return (
    <Page>
      <PageTitle>Para que disfrutes tu funcion:</PageTitle>
      <EmptyState>Todavía no hay productos de candy disponibles.</EmptyState>
    </Page>
  );
}
