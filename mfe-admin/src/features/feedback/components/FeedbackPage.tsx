import { EmptyState, Page, PageTitle } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

export default function FeedbackPage({ session }: RemotePageProps) {
  if (session?.role !== 'admin') return null;
  return (
    <Page>
      <PageTitle>Feedback</PageTitle>
      <EmptyState>Todavía no hay feedback de los usuarios.</EmptyState>
    </Page>
  );
}
