import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles } from '@cine/web-kit/ui';

/** A router link with web-kit's button look. */
export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'secondary' }>`
  ${buttonStyles}
`;
