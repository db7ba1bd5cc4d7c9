import styled from 'styled-components';
import type { Toast } from '../hooks/useToasts';

/** Payment results: a success is announced politely, a rejection as an alert. */
export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <Stack>
      {toasts.map((toast) => (
        <Item key={toast.id} role={toast.kind === 'success' ? 'status' : 'alert'} $kind={toast.kind}>
          <span>{toast.text}</span>
          <button type="button" aria-label="Cerrar aviso" onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </Item>
      ))}
    </Stack>
  );
}

// Bottom left: the checkout side panel and its buttons take the right side.
const Stack = styled.div`
  position: fixed;
  z-index: 300;
  right: 1rem;
  bottom: 1rem;
  left: 1rem;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.5rem;
  pointer-events: none;
`;

const Item = styled.div<{ $kind: Toast['kind'] }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  max-width: 26rem;
  padding: 0.85rem 1rem;
  border-radius: 10px;
  border-left: 5px solid ${({ $kind }) => ($kind === 'success' ? 'var(--cine-success, #3ddc84)' : 'var(--cine-error, #ff4d4f)')};
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.5);
  font-weight: 600;
  pointer-events: auto;

  button {
    flex: none;
    width: 2rem;
    height: 2rem;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font-size: 1.3rem;
    cursor: pointer;
  }
`;
