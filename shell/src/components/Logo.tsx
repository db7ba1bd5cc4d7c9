import styled from 'styled-components';
import logoUrl from '../assets/logo.svg';

export function Logo() {
  return (
    <Brand>
      <img src={logoUrl} alt="" width={36} height={36} />
      <span>CINE</span>
    </Brand>
  );
}

const Brand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 800;
  font-size: 1.35rem;
  letter-spacing: 0.18em;
  color: var(--cine-text);
`;
