import { Page, PageTitle } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';
import { FeedbackTable } from './FeedbackTable';

export default function FeedbackPage({ session }: RemotePageProps) {
  if (session?.role !== 'admin') return null;
  return (
    <Page>
      <PageTitle>Feedback</PageTitle>
      <FeedbackTable token={session.token} />
    </Page>
  );
}
