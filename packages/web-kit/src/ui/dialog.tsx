import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for lists (the checkout's candy promos). */
  wide?: boolean;
}

/**
 * Modal dialog of the shell and the remotes: focus moves inside on open and back on close, Tab stays
 * inside, Escape and the backdrop close it.
 */
export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const first =
      panel.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])') ??
      panel.current?.querySelector<HTMLElement>('button:not([data-dialog-close]):not([disabled]), a[href]');
    (first ?? panel.current)?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  // Escape is heard on the whole document: focus may have left the dialog (a button that got disabled).
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') latestOnClose.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && panel.current) keepFocusInside(panel.current, event);
  };

  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $wide={wide} onKeyDown={onKeyDown}>
        <Header>
          <h2 id={titleId}>{title}</h2>
          <CloseButton type="button" aria-label="Cerrar" data-dialog-close onClick={onClose}>
            ×
          </CloseButton>
        </Header>
        {children}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside the dialog instead of reaching the page behind it. */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent<HTMLElement>) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 200;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  background: rgb(0 0 0 / 0.7);

  @media (max-width: 480px) {
    padding: 0.5rem;
  }
`;

const Panel = styled.div<{ $wide: boolean }>`
  box-sizing: border-box;
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '52rem' : '28rem')};
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: 1.5rem;
  background: var(--cine-surface, #161622);
  color: var(--cine-text, #f3f3f7);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 14px;
  font-family: var(--cine-font, system-ui, sans-serif);

  @media (max-width: 480px) {
    padding: 1rem;
    max-height: calc(100vh - 1rem);
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1rem;

  h2 {
    margin: 0;
    font-size: 1.25rem;
    letter-spacing: 0.04em;
  }
`;

const CloseButton = styled.button`
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
  border: none;
  border-radius: 50%;
  background: var(--cine-surface-2, #20202f);
  color: inherit;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
  }
`;

/** A dialog's buttons, at its end: they wrap on a narrow screen. */
export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

/** A dialog's content in a column: its paragraphs and lists without margins, spaced by the gap. */
export const DialogBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;

  p,
  ul {
    margin: 0;
  }

  progress {
    width: 100%;
  }
`;
