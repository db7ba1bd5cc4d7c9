import { cancellationWindowMinutes, cinemaInfo, formatMoney, useChosenCinema } from '@cine/web-kit';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { answerQuestion } from '../answerQuestion';
import { fetchBillboardMovies, fetchShowsOfMovie, fetchShowsOnDate, fetchUpcomingShows } from '../api/cinemaApi';
import { fetchRandomDogImage } from '../api/dogApi';
import { CHATBOT_GREETING, DOG_REPLY_TEXT, DOG_UNAVAILABLE_REPLY } from '../chatbotReplies';
import { matchIntent, SUGGESTED_QUESTIONS, type MovieRef } from '../intents';

interface ChatMessage {
  id: number;
  from: 'user' | 'bot';
  text: string;
  link?: { to: string; label: string };
  imageUrl?: string;
  /** Questions offered next, as buttons (only the latest message's show; the usual ones when it has none). */
  suggestions?: readonly string[];
}

interface ChatPanelProps {
  id: string;
  open: boolean;
  /** Escape: the toggle closes the panel and takes the focus back. */
  onClose: () => void;
}

/** The billboard's titles, fetched once per page when the panel first opens (none if out of reach). */
let billboardTitles: Promise<MovieRef[]> | undefined;
function loadBillboardTitles(): Promise<MovieRef[]> {
  billboardTitles ??= fetchBillboardMovies()
    .then((movies) => movies.map((movie) => ({ id: movie.id, title: movie.Title })))
    .catch(() => {
      billboardTitles = undefined;
      return [];
    });
  return billboardTitles;
}

/**
 * Cinebot's conversation, loaded by Chatbot the first time the visitor opens it. It answers from the
 * platform's own data (intents.ts decides what a message asks, answerQuestion.ts fetches and writes),
 * and offers questions to ask next as buttons.
 */
export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const chosen = useChosenCinema();
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 0, from: 'bot', text: CHATBOT_GREETING }]);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(1);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // A long answer (today's shows) shows from its start; a short one below what came before.
    const last = list.lastElementChild;
    const lastTop = last ? last.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop : 0;
    const tall = last !== null && last.getBoundingClientRect().height > list.clientHeight;
    list.scrollTop = tall ? lastTop - 8 : list.scrollHeight;
  }, [messages, open]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    void loadBillboardTitles();
  }, []);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') onClose();
  }

  function append(message: Omit<ChatMessage, 'id'>) {
    const messageId = nextId.current++;
    setMessages((current) => [...current, { ...message, id: messageId }]);
  }

  async function ask(question: string) {
    const text = question.trim();
    if (!text || busy) return;
    setBusy(true);
    append({ from: 'user', text });
    try {
      const intent = matchIntent(text, await loadBillboardTitles());
      const { cinema: here, cinemaId } = chosen;
      const reply = await answerQuestion(intent, {
        showsOnDate: (date) => fetchShowsOnDate(date, cinemaId),
        showsOfMovie: (movieId) => fetchShowsOfMovie(movieId, cinemaId),
        upcomingShows: () => fetchUpcomingShows(cinemaId),
        cinema: here ? { ...cinemaInfo(), name: here.name, address: here.address, hours: here.hours } : cinemaInfo(),
        ...(here ? {} : { chain: chosen.cinemas.cinemas ?? [] }),
        cancellationWindowMinutes: cancellationWindowMinutes(),
        money: formatMoney,
        now: new Date(),
      });
      if (reply.kind === 'text') {
        append({ from: 'bot', text: reply.text, link: reply.link, suggestions: reply.suggestions });
        return;
      }
      try {
        append({ from: 'bot', text: DOG_REPLY_TEXT, imageUrl: await fetchRandomDogImage() });
      } catch {
        append({ from: 'bot', text: DOG_UNAVAILABLE_REPLY });
      }
    } finally {
      setBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft.trim() || busy) return;
    const text = draft;
    setDraft('');
    await ask(text);
  }

  function askSuggested(question: string) {
    // The buttons change with the answer: the focus waits in the message field.
    inputRef.current?.focus();
    void ask(question);
  }

  // The latest answer's own suggestions, else the usual questions.
  const latest = messages[messages.length - 1];
  const suggestions = latest?.from === 'bot' ? (latest.suggestions ?? SUGGESTED_QUESTIONS) : [];

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
      {busy && (
        <Typing role="status" aria-live="polite">
          Cinebot está buscando la respuesta…
        </Typing>
      )}
      {!busy && suggestions.length > 0 && (
        <Suggestions aria-label="Preguntas sugeridas">
          {suggestions.map((question) => (
            <li key={question}>
              <button type="button" onClick={() => askSuggested(question)}>
                {question}
              </button>
            </li>
          ))}
        </Suggestions>
      )}
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
  height: min(32rem, calc(100vh - 8rem));
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

const Typing = styled.p`
  margin: 0;
  padding: 0 0.75rem 0.5rem;
  font-size: 0.85rem;
  color: var(--cine-muted, #a6a6bb);
`;

/** The questions to ask next: real buttons, in the Tab order between the messages and the field. */
const Suggestions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  margin: 0;
  padding: 0 0.75rem 0.6rem;
  list-style: none;

  button {
    min-height: 2rem;
    padding: 0.3rem 0.7rem;
    border: 1px solid var(--cine-gold, #f5c518);
    border-radius: 999px;
    background: transparent;
    color: var(--cine-text, #f3f3f7);
    font: inherit;
    font-size: 0.85rem;
    cursor: pointer;
  }

  button:focus-visible {
    outline: 2px solid var(--cine-gold, #f5c518);
    outline-offset: 2px;
  }
`;

const Bubble = styled.li<{ $from: 'user' | 'bot' }>`
  max-width: 85%;
  white-space: pre-line;
  padding: 0.5rem 0.75rem;
  border-radius: 12px;
  align-self: ${({ $from }) => ($from === 'user' ? 'flex-end' : 'flex-start')};
  background: ${({ $from }) => ($from === 'user' ? 'var(--cine-accent, #e50914)' : 'var(--cine-surface-2, #20202f)')};
  /* White on the accent red: the site's light grey text on it is under 4.5:1. */
  color: ${({ $from }) => ($from === 'user' ? '#fff' : 'inherit')};

  img {
    display: block;
    margin-top: 0.5rem;
    max-height: 12rem;
    border-radius: 8px;
  }
`;
