import { useId } from 'react';
import styled from 'styled-components';
import { useChosenCinema } from '../use-chosen-cinema';
import { Button } from './button';
import { ErrorText } from './load-error';

/** The picker's prompt (issue 38): the question every chain's site opens with. */
export const CINEMA_PROMPT = '¿En qué cine?';

/**
 * Where it matters (showtimes, buying) and no cinema is chosen yet: asks, inline and without blocking
 * the page, which cinema; one press chooses it for the whole site. Renders nothing once one is chosen.
 */
export function CinemaChooser({ reason }: { reason: string }) {
  const chosen = useChosenCinema();
  const titleId = useId();
  if (chosen.status !== 'none') return null;
  const { cinemas } = chosen;
  return (
    <Box aria-labelledby={titleId}>
      <h2 id={titleId}>{CINEMA_PROMPT}</h2>
      <p>{reason}</p>
      {cinemas.cinemas && cinemas.cinemas.length > 0 ? (
        <Choices>
          {cinemas.cinemas.map((cinema) => (
            <li key={cinema.id}>
              <Button type="button" $variant="secondary" onClick={() => chosen.choose(cinema.slug)}>
                <strong>{cinema.name}</strong>
                <span>{cinema.city}</span>
              </Button>
            </li>
          ))}
        </Choices>
      ) : cinemas.status === 'error' ? (
        <ErrorText role="alert">
          No pudimos cargar los cines. {cinemas.message}{' '}
          <Button type="button" $variant="link" onClick={cinemas.reload}>
            Reintentar
          </Button>
        </ErrorText>
      ) : cinemas.status === 'loading' ? (
        <p role="status">Cargando cines...</p>
      ) : null}
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-gold, #f5c518);
  background: var(--cine-surface, #161622);
  color: var(--cine-text, #f3f3f7);

  h2 {
    margin: 0;
    font-size: 1.15rem;
    color: var(--cine-gold, #f5c518);
  }

  p {
    margin: 0;
  }
`;

const Choices = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  button {
    width: 100%;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.1rem;
    text-align: left;
  }

  span {
    font-size: 0.85rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;
