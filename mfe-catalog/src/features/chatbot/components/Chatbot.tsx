import { lazy, Suspense, useId, useRef, useState } from 'react';
import styled from 'styled-components';

// The conversation's code (panel, replies, the dog API) downloads when the visitor first opens it.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The home page's keyword assistant: a toggle button and a small chat panel. Once opened, the
 * panel stays mounted (hidden while closed), so the conversation is still there when reopened.
 */
export function Chatbot() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  function toggle() {
    setOpened(true);
    setOpen((value) => !value);
  }

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <Dock>
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </Suspense>
      )}
      <Toggle
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Cerrar asistente' : 'Abrir asistente'}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          ) : (
            <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
          )}
        </svg>
      </Toggle>
    </Dock>
  );
}

const Dock = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 40;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.75rem;

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Toggle = styled.button`
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border: none;
  border-radius: 50%;
  background: var(--cine-accent, #e50914);
  color: #fff;
  font-size: 1.5rem;
  box-shadow: 0 8px 20px rgb(0 0 0 / 0.5);
  cursor: pointer;
`;
