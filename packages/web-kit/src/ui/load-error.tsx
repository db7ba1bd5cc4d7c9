import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AsyncData } from '../use-async-data';
import { Button } from './button';
import { EmptyState } from './page';

/** A failed load: the server's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Panel role="alert">
      <p>{message}</p>
      <Button type="button" onClick={onRetry}>
        Reintentar
      </Button>
    </Panel>
  );
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 2rem 1rem;
  text-align: center;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;

  p {
    margin: 0;
  }
`;

/** An inline Spanish error next to the control that caused it. */
export const ErrorText = styled.p`
  margin: 0;
  color: var(--cine-error, #ff4d4f);
  font-weight: 600;
`;

/**
 * What a `useAsyncData` load shows: `loading` (announced) until it answers, the failure with
 * `failed` before the server's message and a retry, else `children` of the data.
 */
export function AsyncContent<T>({
  data,
  loading,
  failed,
  children,
}: {
  data: AsyncData<T> & { reload: () => void };
  loading: string;
  failed: string;
  children: (value: T) => ReactNode;
}) {
  if (data.status === 'ready') return <>{children(data.data)}</>;
  if (data.status === 'error') return <LoadError message={`${failed} ${data.message}`} onRetry={data.reload} />;
  return <EmptyState role="status">{loading}</EmptyState>;
}
