import styled from 'styled-components';
import { EmptyState, LoadError, Page, PageTitle } from '@cine/web-kit/ui';
import { formatMoney, useAsyncData } from '@cine/web-kit';
import type { RemotePageProps } from '@cine/web-kit';
import { fetchCandy } from '../api/candyApi';
import { CandyPicture } from './CandyPicture';

/** /candy, the 'Promos' page: every candy item with its price in the cinema's money. */
export default function CandyPage(_props: RemotePageProps) {
  const candy = useAsyncData(fetchCandy, 'candy');

  return (
    <Page>
      <PageTitle>Para que disfrutes tu funcion:</PageTitle>
      {candy.status === 'loading' && <Muted role="status">Cargando productos...</Muted>}
      {candy.status === 'error' && <LoadError message={candy.message} onRetry={candy.reload} />}
      {candy.status === 'ready' && candy.data.length === 0 && <EmptyState>Todavía no hay productos de candy disponibles.</EmptyState>}
      {candy.status === 'ready' && candy.data.length > 0 && (
        <Grid>
          {candy.data.map((item) => (
            <Card key={item.id}>
              <CandyPicture name={item.name} src={item.picture} />
              <h2>{item.name}</h2>
              <p>Precio: {formatMoney(item.price)}</p>
            </Card>
          ))}
        </Grid>
      )}
    </Page>
  );
}

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem;
  border-radius: 14px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);

  h2 {
    margin: 0.25rem 0 0;
    font-size: 1.05rem;
    letter-spacing: 0.03em;
  }

  p {
    margin: 0;
    font-weight: 700;
    color: var(--cine-gold, #f5c518);
  }
`;
