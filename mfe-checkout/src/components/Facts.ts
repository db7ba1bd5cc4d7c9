import styled from 'styled-components';

/** A purchase's or a ticket's facts as a list of terms and values (Película, Fecha, Sala…). */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  margin: 0;

  dt {
    color: var(--cine-muted, #a6a6bb);
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
