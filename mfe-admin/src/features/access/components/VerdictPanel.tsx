import type { CheckinResult } from '@cine/contracts';
import { dayLabel, instantLabel } from '@cine/web-kit';
import styled from 'styled-components';
import type { Verdict } from '../doorVerdict';

/** The word the door shows in large type, read at a glance. */
const headlines: Readonly<Record<CheckinResult, string>> = {
  admitted: 'ADMITIDA',
  already_used: 'YA USADA',
  wrong_show: 'OTRA FUNCIÓN',
  wrong_cinema: 'OTRO CINE',
  refunded: 'REEMBOLSADA',
  show_over: 'FUNCIÓN TERMINADA',
  too_early: 'DEMASIADO PRONTO',
  invalid: 'NO VÁLIDA',
};

/**
 * The answer to the last scan, unmistakable from a step away: a full-width band, green only for
 * admitted, amber for another show or a door not open yet, red for the rest, with the word and the facts that matter
 * (the seat with the ticket's type; "Verificar DNI" under ADMITIDA for a type that requires an ID).
 * Announced at once to a screen reader (aria-live assertive), so a door can work without looking.
 */
export function VerdictPanel({ verdict, failure }: { verdict: Verdict | null; failure: string | null }) {
  return (
    <Band aria-live="assertive" aria-label="Resultado" data-result={verdict?.result ?? 'none'}>
      {failure ? (
        <p className="detail">{failure}</p>
      ) : verdict ? (
        <>
          <p className="headline">{headlines[verdict.result]}</p>
          {verdict.result === 'admitted' && verdict.requiresId && <p className="check-id">Verificar DNI</p>}
          <VerdictFacts verdict={verdict} />
          <p className="detail">{verdict.message}</p>
          {verdict.offline && <p className="detail">Decidido sin conexión: se subirá al volver la red.</p>}
        </>
      ) : (
        <p className="detail">Escanea un código QR o escribe el código de la entrada.</p>
      )}
    </Band>
  );
}

function VerdictFacts({ verdict }: { verdict: Verdict }) {
  const seat = verdict.seatLabel && `Butaca ${verdict.seatLabel}${verdict.ticketTypeName ? ` · ${verdict.ticketTypeName}` : ''}`;
  const room = verdict.roomId !== undefined && `Sala ${verdict.roomId}`;
  switch (verdict.result) {
    case 'admitted':
      return <p className="facts">{[verdict.title, room, seat].filter(Boolean).join(' · ')}</p>;
    case 'already_used': {
      const when = [verdict.usedAt && `Usada el ${instantLabel(verdict.usedAt)}`, verdict.entrance && `en ${verdict.entrance}`]
        .filter(Boolean)
        .join(' ');
      return <p className="facts">{[when, seat].filter(Boolean).join(' · ')}</p>;
    }
    case 'wrong_show':
      return verdict.title ? (
        <p className="facts">
          Es para {verdict.title}
          {verdict.date && `, ${dayLabel(verdict.date)}`}
          {verdict.schedule && ` ${verdict.schedule}`}
          {room && `, ${room.toLowerCase()}`}
        </p>
      ) : null;
    case 'too_early':
    case 'show_over':
      // The show's own time: the person learns when to come back (or that they came too late).
      return (
        <p className="facts">
          {[verdict.date && verdict.schedule && `Función: ${dayLabel(verdict.date)} ${verdict.schedule}`, room, seat]
            .filter(Boolean)
            .join(' · ')}
        </p>
      );
    default:
      return seat ? <p className="facts">{seat}</p> : null;
  }
}

const Band = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  min-height: 9rem;
  justify-content: center;
  padding: 1.25rem;
  border-radius: 14px;
  text-align: center;
  background: var(--cine-surface, #161622);
  border: 2px solid var(--cine-border, #2e2e42);

  p {
    margin: 0;
  }

  .headline {
    font-size: clamp(2.4rem, 11vw, 4rem);
    font-weight: 900;
    letter-spacing: 0.04em;
    line-height: 1.05;
  }

  .facts {
    font-size: 1.35rem;
    font-weight: 700;
  }

  /* A type that needs an ID (Jubilado, Estudiante): the door checks it before letting the person in. */
  .check-id {
    align-self: center;
    padding: 0.3rem 1rem;
    border-radius: 8px;
    background: #f5c518;
    color: #141414;
    font-size: clamp(1.6rem, 7vw, 2.4rem);
    font-weight: 900;
    letter-spacing: 0.04em;
  }

  &[data-result='admitted'] {
    background: #0f5a2e;
    border-color: #3ddc84;
    color: #fff;
  }

  &[data-result='wrong_show'],
  &[data-result='too_early'] {
    background: #6b4a00;
    border-color: #f5c518;
    color: #fff;
  }

  &[data-result='already_used'],
  &[data-result='refunded'],
  &[data-result='show_over'],
  &[data-result='invalid'] {
    background: #7a0a12;
    border-color: #ff4d4f;
    color: #fff;
  }
`;
