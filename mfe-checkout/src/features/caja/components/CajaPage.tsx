import { Page } from '@cine/web-kit/ui';
import type { RemotePageProps } from '@cine/web-kit';

/** The spec's /caja is an empty page. */
export default function CajaPage(_props: RemotePageProps) {
  return <Page aria-label="Caja" />;
}
