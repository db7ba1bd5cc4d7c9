import { PRESALE_MESSAGES, type PresaleMeView, type PresaleView, type ShowView } from '@cine/contracts';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  dayLabel,
  fetchPresale,
  instantLabel,
  presaleLinePath,
  purchasePlaceUrl,
  signInUrl,
  useAsyncData,
  useDocumentTitle,
  usePresaleStanding,
  type RemotePageProps,
  type Session,
} from '@cine/web-kit';
import { Button, EmptyState, LoadError, Page, PageTitle } from '@cine/web-kit/ui';
import { Facts } from '../components/Facts';
import { useHoldCountdown } from '../features/cart/hooks/useHoldCountdown';
import { fetchShow } from '../features/shows/api/showsApi';
import { waitText } from '../features/presale/presaleText';
import { SessionCountdown } from './PresaleNotice';

/** Shows of a presale the page names (a premiere's line rarely has more). */
const SHOWS_LISTED = 12;

/**
 * Exposed as 'checkout/FilaPage': /fila/:id, the waiting room of a presale (issue 40). The buyer
 * joins, then watches their place live: position, people ahead, the wait, and the seats left against the
 * people ahead; sold out is told at once; on their turn they go to choose seats with its countdown running.
 * The place is the account's: closing the page and coming back finds it again.
 */
export default function PresaleLinePage({ session }: RemotePageProps) {
  useDocumentTitle('Fila de la preventa');
  const { id: presaleId = '' } = useParams();
  const presale = useAsyncData(() => fetchPresale(presaleId), presaleId || null);
  return (
    <Page>
      <PageTitle>Fila de la preventa</PageTitle>
      {presale.status === 'error' ? (
        <LoadError message={presale.message} onRetry={presale.reload} />
      ) : presale.status !== 'ready' ? (
        <EmptyState role="status">Cargando la preventa...</EmptyState>
      ) : (
        <Layout>
          {session ? (
            <Line presale={presale.data} session={session} />
          ) : (
            <>
              <GuestLine presaleId={presale.data.id} />
              <PresaleShows presale={presale.data} canBuy={presale.data.state === 'closed'} />
            </>
          )}
        </Layout>
      )}
    </Page>
  );
}

function GuestLine({ presaleId }: { presaleId: string }) {
  const back = presaleLinePath(presaleId);
  return (
    <Card>
      <p>{PRESALE_MESSAGES.signInToJoin} Cada cuenta tiene un lugar en la fila.</p>
      <p>
        <Link to={signInUrl('login', back)}>Iniciar sesión</Link> o <Link to={signInUrl('register', back)}>regístrate</Link>: después
        vuelves a esta página.
      </p>
    </Card>
  );
}

function Line({ presale, session }: { presale: PresaleView; session: Session }) {
  const { state, join, joining, joinError, reload } = usePresaleStanding(presale.id, session.token);
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  if (state.status !== 'ready') return <EmptyState role="status">Buscando tu lugar en la fila...</EmptyState>;
  const { me, live } = state;
  // The shows' seats are for the buyer's turn (the admission goes with the hold), or for anyone once the presale closed.
  const canBuy = me.state === 'closed' || (me.admitted && !me.expired && Boolean(me.admission));
  return (
    <>
      <Card aria-labelledby="tu-lugar">
        <h2 id="tu-lugar">Tu lugar</h2>
        {me.joined ? (
          <Standing me={me} onTurnOver={reload} />
        ) : me.state === 'closed' ? (
          <p role="status">{PRESALE_MESSAGES.presaleClosed}</p>
        ) : me.state === 'sold_out' ? (
          <p role="alert">{PRESALE_MESSAGES.lineClosed}</p>
        ) : (
          <>
            <p>
              {me.state === 'scheduled'
                ? `La preventa abre el ${instantLabel(me.opensAt)}. Al abrir, un sorteo ordena a todas las personas que se unieron antes: llegar ahora o un minuto antes da lo mismo.`
                : 'La preventa ya abrió: si te unes ahora, entras al final de la fila.'}
            </p>
            <Button type="button" aria-disabled={joining} onClick={() => !joining && void join()}>
              Unirme a la fila
            </Button>
          </>
        )}
        {joinError && <Problem role="alert">{joinError}</Problem>}
        {me.joined && !live && me.state !== 'closed' && !me.expired && (
          <Muted role="status">Conectando para seguir tu lugar en vivo...</Muted>
        )}
      </Card>
      <PresaleShows presale={presale} canBuy={canBuy} />
    </>
  );
}

function Standing({ me, onTurnOver }: { me: PresaleMeView; onTurnOver: () => void }) {
  const onLapse = useCallback(() => onTurnOver(), [onTurnOver]);
  const turnEnds = me.admitted && !me.expired && me.admission ? (me.admissionExpiresAt ?? null) : null;
  const remaining = useHoldCountdown(turnEnds, onLapse);
  if (me.state === 'closed') return <p role="status">{PRESALE_MESSAGES.presaleClosed}</p>;
  if (me.expired) return <p role="alert">{PRESALE_MESSAGES.sessionOver}</p>;
  if (me.admitted) {
    return (
      <Turn role="status">
        <strong>¡Es tu turno!</strong>
        {remaining !== null && remaining > 0 ? <SessionCountdown remaining={remaining} /> : <span>Preparando tu acceso...</span>}
        <span>
          Puedes comprar hasta {me.maxTicketsPerBuyer === 1 ? '1 entrada' : `${me.maxTicketsPerBuyer} entradas`}. Elige la función:
        </span>
      </Turn>
    );
  }
  if (me.state === 'sold_out') {
    return (
      <p role="alert">
        {PRESALE_MESSAGES.lineClosed} Si vuelven butacas a la venta, la fila sigue y conservas tu lugar
        {me.position !== null ? ` (${me.position})` : ''}.
      </p>
    );
  }
  if (me.state === 'scheduled' || me.position === null) {
    return (
      <p role="status">
        Ya estás en la fila. La preventa abre el {instantLabel(me.opensAt)}: en ese momento un sorteo da un lugar a cada persona que se unió
        antes. Puedes cerrar esta página: tu lugar es de tu cuenta.
      </p>
    );
  }
  return (
    <div role="status" aria-live="polite">
      <Facts aria-label="Tu lugar en la fila">
        <dt>Tu lugar</dt>
        <dd>{me.position}</dd>
        <dt>Personas delante</dt>
        <dd>{me.ahead ?? '—'}</dd>
        <dt>Espera estimada</dt>
        <dd>{me.estimateMinutes !== null ? waitText(me.estimateMinutes) : '—'}</dd>
      </Facts>
      {me.seatsMessage && <Odds>{me.seatsMessage}</Odds>}
    </div>
  );
}

/** The presale's shows, each with the way to its seats (the movie's page, that show chosen). */
function PresaleShows({ presale, canBuy }: { presale: PresaleView; canBuy: boolean }) {
  const ids = presale.showIds.slice(0, SHOWS_LISTED);
  const shows = useAsyncData(() => Promise.all(ids.map((id) => fetchShow(id).catch(() => null))), ids.join(','));
  if (shows.status !== 'ready') return <Muted role="status">Cargando las funciones...</Muted>;
  const found = shows.data.filter((show): show is ShowView => show !== null);
  return (
    <section aria-labelledby="funciones-preventa">
      <h2 id="funciones-preventa">{found[0]?.movie.Title ?? 'Funciones'}</h2>
      <ShowList>
        {found.map((show) => (
          <li key={show.id}>
            <span>
              {dayLabel(show.date, show.day)} · {show.schedule} · {show.cinema.name} · Sala {show.roomId} · {show.type}
            </span>
            {canBuy && <ShowLink show={show} />}
          </li>
        ))}
      </ShowList>
    </section>
  );
}

/** The way to a show's seats: the movie's page with the show chosen and the tickets dialog open (the turn's admission goes with the hold). */
function ShowLink({ show }: { show: ShowView }) {
  return (
    <Link
      to={purchasePlaceUrl({ movieId: show.movieId, showId: show.id, buying: true })}
      aria-label={`Elegir butacas: ${dayLabel(show.date, show.day)} ${show.schedule}`}
    >
      Elegir butacas
    </Link>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;

  @media (min-width: 56rem) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }

  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.2rem;
  }
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);

  p {
    margin: 0;
  }

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }

  dd {
    font-size: 1.2rem;
    font-weight: 700;
  }
`;

const Turn = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  strong {
    font-size: 1.4rem;
    color: var(--cine-gold, #f5c518);
  }
`;

const Odds = styled.p`
  margin: 0.75rem 0 0;
  font-weight: 600;
`;

const ShowList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem 1rem;
    padding: 0.75rem;
    border-radius: 8px;
    border: 1px solid var(--cine-border, #2e2e42);
  }

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
    min-height: 44px;
    display: inline-flex;
    align-items: center;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;

const Problem = styled.p`
  margin: 0;
  color: var(--cine-error, #ff4d4f);
  font-weight: 600;
`;
