import styled from 'styled-components';
import { formatMoney, shortDate, useAsyncData } from '@cine/web-kit';
import { LoadError, SectionTitle } from '@cine/web-kit/ui';
import type { Caller } from '../../../types';
import { fetchMyGiftCards } from '../api/ordersApi';

/** "dd/mm/aaaa" of an ISO instant (its day as written). */
const dayOf = (instant: string) => shortDate(instant.slice(0, 10));

/**
 * Issue 39, Mis compras: the gift cards the buyer bought, newest first: for whom, its value, the last four
 * characters of its code (the whole code went only to the recipient's mail) and until when it is valid.
 * Nothing when they bought none.
 */
export function MyGiftCards({ caller }: { caller: Caller }) {
  const cards = useAsyncData(() => fetchMyGiftCards(caller), caller.userId);
  if (cards.status === 'error')
    return <LoadError message={`No se pudieron cargar tus tarjetas regalo. ${cards.message}`} onRetry={cards.reload} />;
  if (cards.status !== 'ready' || cards.data.length === 0) return null;
  return (
    <Section aria-labelledby="compras-tarjetas-regalo">
      <SectionTitle id="compras-tarjetas-regalo">Tarjetas regalo</SectionTitle>
      <List>
        {cards.data.map((card) => (
          <li key={card.id}>
            <strong>
              {formatMoney(card.amount)} para {card.recipientName ? `${card.recipientName} (${card.recipientEmail})` : card.recipientEmail}
            </strong>
            <span>
              Código terminado en {card.last4} · comprada el {dayOf(card.boughtAt)} · vence el {dayOf(card.expiresAt)}
            </span>
          </li>
        ))}
      </List>
    </Section>
  );
}

const Section = styled.section`
  margin-bottom: 2rem;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    padding: 1rem;
    border-radius: 12px;
    border: 1px solid var(--cine-border, #2e2e42);
    background: var(--cine-surface, #161622);
    overflow-wrap: anywhere;
  }

  span {
    color: var(--cine-muted, #a6a6bb);
  }
`;
