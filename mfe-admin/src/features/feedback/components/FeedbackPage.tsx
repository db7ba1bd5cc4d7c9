import { EmptyState, Page, PageTitle } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';

export default function FeedbackPage({ session }: RemotePageProps) {
  if (session?.role !== 'admin') return null;
  return (
    <Page>
      <PageTitle>Feedback</PageTitle>
      <EmptyState>Todavía no hay feedback de los usuarios.</EmptyState>
    </Page>
  );
}
