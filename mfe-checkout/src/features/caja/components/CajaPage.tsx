import { Page } from '../../../components/Page';
import type { RemotePageProps } from '../../../types';

/** The spec's /caja is an empty page. */
export default function CajaPage(_props: RemotePageProps) {
  return <Page aria-label="Caja" />;
}
