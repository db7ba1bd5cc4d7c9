import styled, { keyframes } from 'styled-components';

export function Spinner({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Wrapper role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <span>{label}</span>
    </Wrapper>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 3rem 1rem;
  color: var(--cine-muted);
`;

const Ring = styled.span`
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  border: 3px solid var(--cine-border);
  border-top-color: var(--cine-accent);
  animation: ${spin} 0.8s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;
