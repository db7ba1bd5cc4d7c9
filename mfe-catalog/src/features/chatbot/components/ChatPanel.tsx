import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { fetchRandomDogImage } from '../api/dogApi';
import { CHATBOT_GREETING, DOG_REPLY_TEXT, DOG_UNAVAILABLE_REPLY, chatbotReply } from '../chatbotReplies';

interface ChatMessage {
  id: number;
  from: 'user' | 'bot';
  text: string;
  link?: { to: string; label: string };
  imageUrl?: string;
}

interface ChatPanelProps {
  id: string;
  open: boolean;
  /** Escape: the toggle closes the panel and takes the focus back. */
  onClose: () => void;
}

/** Cinebot's conversation, loaded by Chatbot the first time the visitor opens it. */
export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 0, from: 'bot', text: CHATBOT_GREETING }]);
  const nextId = useRef(1);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, open]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') onClose();
  }

  function append(message: Omit<ChatMessage, 'id'>) {
    const messageId = nextId.current++;
    setMessages((current) => [...current, { ...message, id: messageId }]);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    append({ from: 'user', text });
    const reply = chatbotReply(text);
    if (reply.kind === 'text') {
      append({ from: 'bot', text: reply.text, link: reply.link });
      return;
    }
    try {
      append({ from: 'bot', text: DOG_REPLY_TEXT, imageUrl: await fetchRandomDogImage() });
    } catch {
      append({ from: 'bot', text: DOG_UNAVAILABLE_REPLY });
    }
  }

  return (
    <Panel id={id} hidden={!open} aria-label="Cinebot, asistente virtual" onKeyDown={closeOnEscape}>
      <header>Cinebot</header>
      <Messages ref={listRef} aria-live="polite">
        {messages.map((message) => (
          <Bubble key={message.id} $from={message.from}>
            <span className="visually-hidden">{message.from === 'bot' ? 'Cinebot: ' : 'Tú: '}</span>
            {message.text}
            {message.link && (
              <>
                {' '}
                <Link to={message.link.to}>{message.link.label}</Link>
              </>
            )}
            {message.imageUrl && <img src={message.imageUrl} alt="Un perrito al azar" />}
          </Bubble>
        ))}
      </Messages>
      <form onSubmit={handleSubmit}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Mensaje para Cinebot
        </label>
        <input
          id={`${id}-input`}
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Escribe tu mensaje..."
          autoComplete="off"
        />
        <button type="submit">Enviar</button>
      </form>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;

  &[hidden] {
    display: none;
  }

  flex-direction: column;
  width: min(22rem, calc(100vw - 2rem));
  height: min(28rem, calc(100vh - 8rem));
  overflow: hidden;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 14px;
  background: var(--cine-surface, #161622);
  color: var(--cine-text, #f3f3f7);
  box-shadow: 0 18px 40px rgb(0 0 0 / 0.5);

  header {
    padding: 0.75rem 1rem;
    font-weight: 700;
    background: var(--cine-surface-2, #20202f);
  }

  form {
    display: flex;
    gap: 0.5rem;
    padding: 0.75rem;
    border-top: 1px solid var(--cine-border, #2e2e42);
  }

  input {
    flex: 1;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: var(--cine-radius, 10px);
    background: var(--cine-surface-2, #20202f);
    color: inherit;
    font: inherit;
  }

  form button {
    padding: 0.5rem 0.9rem;
    border: none;
    border-radius: var(--cine-radius, 10px);
    background: var(--cine-accent, #e50914);
    color: #fff;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;

const Messages = styled.ol`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0.75rem;
  overflow-y: auto;
  list-style: none;
`;

const Bubble = styled.li<{ $from: 'user' | 'bot' }>`
  max-width: 85%;
  padding: 0.5rem 0.75rem;
  border-radius: 12px;
  align-self: ${({ $from }) => ($from === 'user' ? 'flex-end' : 'flex-start')};
  background: ${({ $from }) => ($from === 'user' ? 'var(--cine-accent, #e50914)' : 'var(--cine-surface-2, #20202f)')};

  img {
    display: block;
    margin-top: 0.5rem;
    max-height: 12rem;
    border-radius: 8px;
  }
`;
