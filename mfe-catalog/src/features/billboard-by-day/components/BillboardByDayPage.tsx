import type { PresaleView, ShowView } from '@cine/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import {
  chosenStripDay,
  cinemaClock,
  cinemaKey,
  dateStrip,
  fetchActivePresales,
  presaleLinePath,
  presaleOfShow,
  purchasePlaceUrl,
  useAsyncData,
  useChosenCinema,
  useDocumentTitle,
  type RemotePageProps,
} from '@cine/web-kit';
import { CinemaChooser, EmptyState, LoadError, Page, PageTitle } from '@cine/web-kit/ui';
import { SkeletonBlock, VisuallyHidden } from '../../../components/Skeleton';
import { fetchShowsOnDate } from '../api/showsOnDateApi';
import { showsByMovie, showState } from '../showsByMovie';
import { DateStrip } from './DateStrip';

/**
 * Exposed as 'catalog/BillboardByDayPage': /cartelera?fecha=yyyy-mm-dd, every movie's shows of one
 * day grouped by format, each time a link into that show's purchase; started and sold-out shows
 * are marked, not hidden. The chosen cinema's shows (issue 38); with none chosen yet, every cinema's, each
 * time naming its cinema, below the question of which cinema. A show behind a presale's line (issue 40) says
 * "Preventa" and leads to the line.
 */
export default function BillboardByDayPage(_props: RemotePageProps) {
  useDocumentTitle('Cartelera por día');
  const [searchParams] = useSearchParams();
  const now = new Date();
  const strip = dateStrip(cinemaClock(now).date);
  const date = chosenStripDay(strip, searchParams.get('fecha'));
  const cinema = useChosenCinema();
  const shows = useAsyncData(() => fetchShowsOnDate(date, cinema.cinemaId), cinemaKey(cinema, date), { transition: true });
  const chosen = strip.find((day) => day.date === date);
  // Issue 40: the presales not closed (none when they can't be read: the shows then link as always).
  const presales = useAsyncData(() => fetchActivePresales().catch(() => [] as PresaleView[]), 'presales');

  return (
    <Page>
      <PageTitle>Cartelera por día</PageTitle>
      {cinema.cinema ? (
        <CinemaLine>
          Funciones en <strong>{cinema.cinema.name}</strong> · {cinema.cinema.address}
        </CinemaLine>
      ) : (
        <CinemaChooser reason="Elige tu cine para ver solo sus funciones. Mientras tanto te mostramos las de todos los cines." />
      )}
      <DateStrip days={strip} chosen={date} />
      <DayHeading>{chosen && chosen.label !== chosen.fullLabel ? `${chosen.label}, ${chosen.fullLabel}` : chosen?.fullLabel}</DayHeading>
      {(shows.status === 'loading' || shows.status === 'idle') && <DaySkeleton />}
      {shows.status === 'error' && <LoadError message={shows.message} onRetry={shows.reload} />}
      {shows.status === 'ready' &&
        (shows.data.length === 0 ? (
          <EmptyState>
            {cinema.cinema
              ? `${cinema.cinema.name} no tiene funciones programadas para este día.`
              : 'No hay funciones programadas para este día.'}{' '}
            Prueba con otro día de la semana.
          </EmptyState>
        ) : (
          <Movies shows={shows.data} now={now} namesCinema={!cinema.cinema} presales={presales.status === 'ready' ? presales.data : []} />
        ))}
    </Page>
  );
}

interface MoviesProps {
  shows: ShowView[];
  now: Date;
  namesCinema: boolean;
  presales: PresaleView[];
}

function Movies({ shows, now, namesCinema, presales }: MoviesProps) {
  return (
    <List>
      {showsByMovie(shows).map((movie) => (
        <li key={movie.movieId}>
          <MovieCard aria-labelledby={`pelicula-${movie.movieId}`}>
            <h3 id={`pelicula-${movie.movieId}`}>
              <Link to={`/movies/${movie.movieId}`}>{movie.title}</Link>
            </h3>
            {movie.formats.map((format) => (
              <Format key={format.type}>
                <span className="type">{format.type}</span>
                <Times aria-label={`Horarios en ${format.type} de ${movie.title}`}>
                  {format.shows.map((show) => (
                    <li key={show.id}>
                      <ShowTime
                        show={show}
                        state={showState(show, now)}
                        namesCinema={namesCinema}
                        presale={presaleOfShow(presales, show.id)}
                      />
                    </li>
                  ))}
                </Times>
              </Format>
            ))}
          </MovieCard>
        </li>
      ))}
    </List>
  );
}

interface ShowTimeProps {
  show: ShowView;
  state: ReturnType<typeof showState>;
  namesCinema: boolean;
  presale: PresaleView | null;
}

function ShowTime({ show, state, namesCinema, presale }: ShowTimeProps) {
  // Every cinema listed (none chosen yet): each time says where it is; the movie page then makes that cinema the buyer's.
  const where = namesCinema ? <CinemaName>{show.cinema.name}</CinemaName> : null;
  if (state !== 'on-sale') {
    return (
      <>
        <OffTime>
          {show.schedule} <small>{state === 'started' ? 'Comenzó' : 'Agotada'}</small>
        </OffTime>
        {where}
      </>
    );
  }
  if (presale) {
    // The opening on the cinema's clock ('abre el 01/12 a las 10:00'), from what this page already reads the day with.
    const { date, time } = cinemaClock(new Date(presale.opensAt));
    const opens = presale.state === 'scheduled' ? `abre el ${date.slice(8)}/${date.slice(5, 7)} a las ${time}` : 'con fila';
    return (
      <>
        <Time
          to={presaleLinePath(presale.id)}
          aria-label={`${show.schedule} Sala ${show.roomId}, ${show.type}: preventa ${opens}. Unirme a la fila`}
        >
          {show.schedule} <small>Preventa</small>
        </Time>
        {where}
      </>
    );
  }
  return (
    <>
      <Time
        to={purchasePlaceUrl({ movieId: show.movieId, showId: show.id })}
        // Starts with the visible text (WCAG 2.5.3), then says what the link does.
        aria-label={`${show.schedule} Sala ${show.roomId}, ${show.type}: comprar entradas`}
      >
        {show.schedule} <small>Sala {show.roomId}</small>
      </Time>
      {where}
    </>
  );
}

function DaySkeleton() {
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>Cargando funciones...</VisuallyHidden>
      {[0, 1, 2].map((n) => (
        <SkeletonBlock key={n} $height="6rem" style={{ marginBottom: '1rem' }} aria-hidden="true" />
      ))}
    </div>
  );
}

const CinemaLine = styled.p`
  margin: -0.75rem 0 1rem;
  color: var(--cine-muted, #a6a6bb);

  strong {
    color: var(--cine-text, #f3f3f7);
  }
`;

const CinemaName = styled.small`
  display: block;
  margin-top: 0.2rem;
  font-size: 0.75rem;
  color: var(--cine-muted, #a6a6bb);
  text-align: center;
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MovieCard = styled.article`
  height: 100%;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);

  h3 {
    margin: 0 0 0.75rem;
    font-size: 1.15rem;
  }

  h3 a {
    color: var(--cine-text, #f3f3f7);
  }
`;

const Format = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  margin-top: 0.5rem;

  .type {
    flex: none;
    min-width: 2.5rem;
    padding: 0.35rem 0.4rem;
    border-radius: 6px;
    border: 1px solid var(--cine-gold, #f5c518);
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
    text-align: center;
  }
`;

const Times = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const timeStyles = css`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  min-width: 4.5rem;
  min-height: 2.75rem;
  padding: 0.3rem 0.6rem;
  border-radius: 8px;
  border: 1px solid var(--cine-border, #2e2e42);
  font-weight: 700;
  text-decoration: none;

  small {
    font-weight: 400;
    font-size: 0.75rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const Time = styled(Link)`
  ${timeStyles}
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);

  &:hover {
    border-color: var(--cine-gold, #f5c518);
  }
`;

/** A show that has started or is sold out: shown, but not a link. */
const OffTime = styled.span`
  ${timeStyles}
  border-style: dashed;
  color: var(--cine-muted, #a6a6bb);
`;

const DayHeading = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.2rem;
`;
