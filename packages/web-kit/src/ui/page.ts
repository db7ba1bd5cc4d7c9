import styled from 'styled-components';

/**
 * The page frame of the remotes' screens. Colours come from the shell's CSS
 * custom properties; the fallbacks keep a remote's standalone page readable.
 */
export const Page = styled.main`
  width: 100%;
  max-width: 72rem;
  margin: 0 auto;
  padding: 2rem 1rem 3rem;
  color: var(--cine-text, #f3f3f7);
  font-family: var(--cine-font, system-ui, sans-serif);
`;

export const PageTitle = styled.h1`
  margin: 0 0 1.5rem;
  font-size: clamp(1.5rem, 4vw, 2rem);
  letter-spacing: 0.04em;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 1rem;
  font-size: clamp(1.2rem, 3vw, 1.5rem);
  letter-spacing: 0.06em;
  border-left: 4px solid var(--cine-accent, #e50914);
  padding-left: 0.75rem;
`;

export const EmptyState = styled.p`
  margin: 0;
  padding: 2rem 1rem;
  text-align: center;
  color: var(--cine-muted, #a6a6bb);
  background: var(--cine-surface, #161622);
  border: 1px dashed var(--cine-border, #2e2e42);
  border-radius: 12px;
`;
