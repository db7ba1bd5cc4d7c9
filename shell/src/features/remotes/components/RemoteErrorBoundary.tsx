import { Component, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@cine/web-kit/ui';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Contains a remote's failure (network or render) to its own area of the page. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorPanel role="alert">
        <p>No se pudo cargar esta sección.</p>
        <Button type="button" onClick={this.props.onRetry}>
          Reintentar
        </Button>
      </ErrorPanel>
    );
  }
}

const ErrorPanel = styled.div`
  margin: 3rem auto;
  max-width: 28rem;
  padding: 2rem;
  text-align: center;
  background: var(--cine-surface);
  border: 1px solid var(--cine-border);
  border-radius: 12px;

  p {
    margin: 0 0 1.25rem;
    font-size: 1.1rem;
  }
`;
