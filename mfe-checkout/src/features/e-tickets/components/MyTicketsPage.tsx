import type { TicketView } from '@cine/contracts';
import { Link } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { ApiError, dayLabel, instantLabel, useAsyncData, useDocumentTitle, type RemotePageProps, type Session } from '@cine/web-kit';
import { Button, EmptyState, LoadError, Page, PageTitle, SectionTitle } from '@cine/web-kit/ui';
import { SignInFirst } from '../../../components/SignInFirst';
import { fetchMyTickets } from '../api/eTicketsApi';
import { useReloadWhenOfflineReady } from '../hooks/useReloadWhenOfflineReady';
import { ticketsInOrder, ticketStateLabels } from '../ticketOrder';
import { TicketQr } from '../../../components/TicketQr';
import { Facts } from '../../../components/Facts';

/**
 * Exposed as 'checkout/MyTicketsPage': /mis-entradas, the buyer's tickets with their QR codes, upcoming
 * shows first. The site's service worker keeps the last answer, so the page also opens without signal.
 */
export default function MyTicketsPage({ session }: RemotePageProps) {
  useDocumentTitle('Mis entradas');
  return (
    <Page>
      <PrintOnlyTickets />
      <PageTitle>Mis entradas</PageTitle>
      {session ? <Tickets session={session} /> : <SignInFirst what="tus entradas" />}
    </Page>
  );
}

function Tickets({ session }: { session: Session }) {
  const tickets = useAsyncData(() => fetchMyTickets(session), session.userId);
  useReloadWhenOfflineReady(tickets.reload);

  if (tickets.status === 'loading' || tickets.status === 'idle') return <Muted role="status">Cargando tus entradas...</Muted>;
  if (tickets.status === 'error') {
    const offline = tickets.error instanceof ApiError && tickets.error.status === 0;
    return (
      <LoadError
        message={
          offline
            ? 'Sin conexión, y este dispositivo no tiene tus entradas guardadas: ábrelas una vez con conexión para tenerlas sin señal.'
            : tickets.message
        }
        onRetry={tickets.reload}
      />
    );
  }
  const { data, savedAt } = tickets.data;
  const { upcoming, past } = ticketsInOrder(data, new Date());
  return (
    <>
      {savedAt && <Offline role="status">Sin conexión: mostrando las entradas guardadas el {instantLabel(savedAt)}.</Offline>}
      {data.length === 0 ? (
        <EmptyState>
          Todavía no tienes entradas. <Link to="/cartelera">Mira la cartelera por día</Link> y elige tu función.
        </EmptyState>
      ) : (
        <>
          <Actions className="no-print">
            <Button type="button" onClick={() => window.print()}>
              Imprimir entradas
            </Button>
          </Actions>
          <TicketList title="Próximas funciones" tickets={upcoming} withQr empty="No tienes entradas para funciones por venir." />
          {past.length > 0 && <TicketList title="Funciones pasadas" tickets={past} />}
        </>
      )}
    </>
  );
}

function TicketList({ title, tickets, withQr = false, empty }: { title: string; tickets: TicketView[]; withQr?: boolean; empty?: string }) {
  const headingId = `entradas-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Section aria-labelledby={headingId} className={withQr ? undefined : 'no-print'}>
      <SectionTitle id={headingId}>{title}</SectionTitle>
      {tickets.length === 0 && empty ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <List>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} withQr={withQr} />
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}

function TicketCard({ ticket, withQr }: { ticket: TicketView; withQr: boolean }) {
  const titleId = `entrada-${ticket.id}`;
  // Tickets sold before ticket types carry none (General): they read as before.
  const typeName = ticket.ticketTypeName ?? ticket.line?.typeName;
  return (
    <Card aria-labelledby={titleId} className="ticket">
      <div>
        <h3 id={titleId}>{ticket.title}</h3>
        <TicketFacts>
          <dt>Fecha</dt>
          <dd>
            {dayLabel(ticket.date, ticket.day)}/{ticket.date.slice(0, 4)}
          </dd>
          <dt>Hora</dt>
          <dd>{ticket.schedule}</dd>
          {ticket.cinema && (
            <>
              <dt>Cine</dt>
              <dd>{`${ticket.cinema.name} · ${ticket.cinema.address}`}</dd>
            </>
          )}
          <dt>Sala</dt>
          <dd>{ticket.roomId}</dd>
          <dt>Butaca</dt>
          <dd>{ticket.seatLabel}</dd>
          {typeName && (
            <>
              <dt>Entrada</dt>
              <dd>
                {typeName}
                {ticket.requiresId && ' (presenta tu DNI en la entrada)'}
              </dd>
            </>
          )}
          <dt>Formato</dt>
          <dd>{ticket.type}</dd>
          <dt>Código</dt>
          <dd className="code">{ticket.code}</dd>
          <dt>Estado</dt>
          <dd>
            <State data-state={ticket.state}>{ticketStateLabels[ticket.state]}</State>
            {ticket.state === 'used' && ticket.checkedInAt && (
              <span>
                {' '}
                el {instantLabel(ticket.checkedInAt)}
                {ticket.entrance && ` (${ticket.entrance})`}
              </span>
            )}
          </dd>
        </TicketFacts>
      </div>
      {withQr && ticket.state === 'valid' && (
        <TicketQr token={ticket.token} label={`Código QR de la entrada ${ticket.code}, butaca ${ticket.seatLabel}`} />
      )}
    </Card>
  );
}

/** Printed, the page is the tickets alone: one per block, never split across sheets, QR in black on white. */
const PrintOnlyTickets = createGlobalStyle`
  @media print {
    body { background: #fff !important; color: #000 !important; }
    header, footer, nav, .no-print { display: none !important; }
    .ticket { break-inside: avoid; page-break-inside: avoid; border: 1px solid #000 !important; background: #fff !important; color: #000 !important; }
    .ticket dt, .ticket dd { color: #000 !important; }
  }
`;

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const Offline = styled.p`
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  border-radius: 10px;
  border: 1px solid var(--cine-gold, #f5c518);
  color: var(--cine-gold, #f5c518);
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: 1rem;
`;

const Section = styled.section`
  margin-bottom: 2rem;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.article`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1.25rem;
  padding: 1.25rem;
  border-radius: 12px;
  border: 1px dashed var(--cine-gold, #f5c518);
  background: var(--cine-surface, #161622);

  h3 {
    margin: 0 0 0.75rem;
    font-size: 1.25rem;
  }

  > div {
    flex: 1 1 14rem;
  }

  > img,
  > p {
    flex: 0 1 18rem;
    margin-inline: auto;
  }
`;

const TicketFacts = styled(Facts)`
  .code {
    font-family: ui-monospace, monospace;
    font-size: 1.3rem;
    font-weight: 700;
    letter-spacing: 0.12em;
  }
`;

const State = styled.strong`
  &[data-state='valid'] {
    color: var(--cine-success, #3ddc84);
  }

  &[data-state='refunded'] {
    color: var(--cine-error, #ff4d4f);
  }
`;
