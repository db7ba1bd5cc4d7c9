import styled from 'styled-components';
import { formatRemaining } from '../hooks/useHoldCountdown';

/** How long the held seats stay reserved. */
export function HoldCountdown({ remaining }: { remaining: number }) {
  return (
    <Line role="timer" aria-live="off">
      Tus butacas están reservadas por <strong>{formatRemaining(remaining)}</strong> minutos
    </Line>
  );
}

const Line = styled.p`
  margin: 0;
  padding: 0.5rem 0.75rem;
  border-radius: 8px;
  background: rgb(245 197 24 / 0.12);
  color: var(--cine-gold, #f5c518);
  font-size: 0.95rem;
`;
