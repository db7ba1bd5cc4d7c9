import type { ShowView } from '@cine/contracts';
import { dayLabel, instantLabel, useDocumentTitle, type RemotePageProps, type Session } from '@cine/web-kit';
import { Button, Page, PageTitle, TextInput } from '@cine/web-kit/ui';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { DeviceCinemaScopeProvider } from '../../../hooks/useCinemaScope';
import { typedInput } from '../doorVerdict';
import { useDoor } from '../hooks/useDoor';
import { CameraScanner } from './CameraScanner';
import { ShowPicker, showLine } from './ShowPicker';
import { VerdictPanel } from './VerdictPanel';

const ENTRANCE_KEY = 'cine-door-entrance';
/** The cinema this door checks (its slug), when the session may check more than one (issue 38). */
const DOOR_CINEMA_KEY = 'cine-door-cinema';
/** The show this door opened last: offline, the day's listing cannot be read, but that show can be reopened. */
const LAST_SHOW_KEY = 'cine-door-last-show';

function lastShow(): ShowView | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_SHOW_KEY) ?? 'null') as ShowView | null;
  } catch {
    return null;
  }
}

/**
 * Exposed as 'admin/AccessControlPage': /acceso, the door's check-in screen for staff, managers and admins, made
 * for a phone: pick today's show, then scan each QR (or type its code) and read the answer in large type.
 * A module of its own: staff download none of the back office.
 */
export default function AccessControlPage({ session }: RemotePageProps) {
  useDocumentTitle('Control de acceso');
  const [show, setShow] = useState<ShowView | null>(null);
  // The services check the role on every call; this keeps the page honest when run alone.
  if (session?.role !== 'staff' && session?.role !== 'manager' && session?.role !== 'admin') return null;

  function pick(picked: ShowView) {
    localStorage.setItem(LAST_SHOW_KEY, JSON.stringify(picked));
    setShow(picked);
  }

  return (
    <Page>
      <PageTitle>Control de acceso</PageTitle>
      {show ? (
        <DoorOfShow session={session} show={show} onChangeShow={() => setShow(null)} />
      ) : (
        <DeviceCinemaScopeProvider role={session.role} token={session.token} storageKey={DOOR_CINEMA_KEY}>
          <ShowPicker onPick={pick} lastShow={lastShow()} />
        </DeviceCinemaScopeProvider>
      )}
    </Page>
  );
}

function DoorOfShow({ session, show, onChangeShow }: { session: Session; show: ShowView; onChangeShow: () => void }) {
  const id = useId();
  const [entrance, setEntrance] = useState(() => localStorage.getItem(ENTRANCE_KEY) || 'Puerta 1');
  const [code, setCode] = useState('');
  const door = useDoor(session, show, entrance.trim() || 'Puerta 1');

  function changeEntrance(value: string) {
    setEntrance(value);
    localStorage.setItem(ENTRANCE_KEY, value);
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '' || door.checking) return;
    void door.check(typedInput(code)).then(() => setCode(''));
  }

  return (
    <Stack>
      <Checking aria-labelledby={`${id}-show`}>
        <p id={`${id}-show`} className="label">
          Controlando
        </p>
        <p className="show">{show.movie.Title}</p>
        <p>
          {show.cinema ? `${show.cinema.name} · ` : ''}
          {dayLabel(show.date, show.day)} · {show.schedule} · Sala {show.roomId} · {show.type}
        </p>
        <Button type="button" $variant="secondary" onClick={onChangeShow} aria-label={`Cambiar función (ahora ${showLine(show)})`}>
          Cambiar función
        </Button>
      </Checking>

      <Connection role="status" data-connected={door.connected}>
        {door.connected
          ? 'Con conexión: cada entrada se valida con el servidor.'
          : `Sin conexión: se valida con la lista de la función${door.list ? ` (leída el ${instantLabel(door.list.readAt)})` : ''} y la firma de cada código.`}
      </Connection>
      {door.pending > 0 && (
        <PendingSync role="status" aria-label="Ingresos por sincronizar">
          {door.pending} {door.pending === 1 ? 'ingreso' : 'ingresos'} sin subir al servidor.
          {door.uploadStopped
            ? ` No se pudieron subir ahora (${door.uploadStopped}); se reintenta cada 15 segundos.`
            : door.connected
              ? ' Subiendo...'
              : ' Se subirán al volver la conexión.'}
        </PendingSync>
      )}
      {door.listError && !door.list && (
        <p role="alert">No se pudo leer la lista de la función para trabajar sin conexión: {door.listError}</p>
      )}

      <VerdictPanel verdict={door.verdict} failure={door.failure} />

      <CameraScanner onCode={(token) => void door.check({ token })} />

      <CodeForm onSubmit={submitCode} aria-label="Validar por código">
        <label htmlFor={`${id}-code`}>Código de la entrada</label>
        <small id={`${id}-code-hint`}>
          Las 8 letras y números de la entrada; un lector de códigos conectado al teléfono también escribe aquí.
        </small>
        <div>
          <TextInput
            id={`${id}-code`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            aria-describedby={`${id}-code-hint`}
            maxLength={2000}
          />
          <Button type="submit" aria-disabled={door.checking || undefined}>
            {door.checking ? 'Validando...' : 'Validar'}
          </Button>
        </div>
      </CodeForm>

      <EntranceField>
        <label htmlFor={`${id}-entrance`}>Puerta</label>
        <TextInput id={`${id}-entrance`} value={entrance} maxLength={60} onChange={(event) => changeEntrance(event.target.value)} />
      </EntranceField>

      {door.problems.length > 0 && (
        <Problems aria-labelledby={`${id}-problems`}>
          <h2 id={`${id}-problems`}>Conflictos de los ingresos sin conexión</h2>
          <ul>
            {door.problems.map((problem) => (
              <li key={problem.clientScanId}>
                {problem.ticket ? `Entrada ${problem.ticket.code} (butaca ${problem.ticket.seatLabel}): ` : ''}
                {problem.conflict ? 'admitida dos veces. ' : ''}
                {problem.message}
              </li>
            ))}
          </ul>
          <Button type="button" $variant="secondary" onClick={door.dismissProblems}>
            Entendido
          </Button>
        </Problems>
      )}
    </Stack>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  max-width: 36rem;
  margin: 0 auto;

  p {
    margin: 0;
  }
`;

const Checking = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-gold, #f5c518);
  background: var(--cine-surface, #161622);

  .label {
    color: var(--cine-muted, #a6a6bb);
    text-transform: uppercase;
    letter-spacing: 0.08em;
    font-size: 0.85rem;
  }

  .show {
    font-size: 1.4rem;
    font-weight: 800;
  }

  button {
    align-self: flex-start;
    margin-top: 0.5rem;
  }
`;

const Connection = styled.p`
  padding: 0.6rem 0.9rem;
  border-radius: 10px;
  border: 1px solid var(--cine-border, #2e2e42);

  &[data-connected='false'] {
    border-color: var(--cine-gold, #f5c518);
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }
`;

const PendingSync = styled.p`
  padding: 0.6rem 0.9rem;
  border-radius: 10px;
  border: 2px dashed var(--cine-gold, #f5c518);
  font-weight: 700;
`;

const CodeForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;

  label {
    font-weight: 600;
  }

  small {
    color: var(--cine-muted, #a6a6bb);
  }

  div {
    display: flex;
    gap: 0.5rem;
  }

  input {
    flex: 1;
    min-width: 0;
    font-size: 1.3rem;
    font-family: ui-monospace, monospace;
    letter-spacing: 0.1em;
    text-transform: uppercase;
  }
`;

const EntranceField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  max-width: 16rem;

  label {
    font-weight: 600;
  }
`;

const Problems = styled.section`
  padding: 1rem;
  border-radius: 12px;
  border: 2px solid var(--cine-error, #ff4d4f);

  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.15rem;
  }

  ul {
    margin: 0 0 0.75rem;
    padding-left: 1.2rem;
  }
`;
