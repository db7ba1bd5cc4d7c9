import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { background-position: 200% 0; }
  to { background-position: -200% 0; }
`;

/** A grey placeholder block with a soft shimmer, sized by its parent. */
export const SkeletonBlock = styled.div<{ $height?: string }>`
  width: 100%;
  height: ${({ $height = '1rem' }) => $height};
  border-radius: 8px;
  background: linear-gradient(
    90deg,
    var(--cine-surface, #161622) 25%,
    var(--cine-surface-2, #20202f) 50%,
    var(--cine-surface, #161622) 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Screen-reader text for a region that is still loading. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
