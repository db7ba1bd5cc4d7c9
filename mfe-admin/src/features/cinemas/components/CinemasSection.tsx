import { useState } from 'react';
import styled from 'styled-components';
import type { CinemaRoomView } from '@cine/contracts';
import { Button, EmptyState } from '@cine/web-kit/ui';
import { RowButton } from '../../../components/DataTable';
import { EditIcon } from '../../../components/icons';
import type { CinemaView } from '../../../api/cinemas';
import { CinemaDialog, RoomDialog } from './CinemaDialogs';
import { useCinemaScope } from '../../../hooks/useCinemaScope';

type Editing = { kind: 'cinema'; cinema?: CinemaView } | { kind: 'room'; cinema: CinemaView; room?: CinemaRoomView };

/**
 * 'Cines' (issue 38): the chain's cinemas with their address, hours, zone and rooms. An admin adds and changes
 * cinemas and rooms; a manager changes their cinema's rooms. Of the chosen cinema, or every one the session sees.
 */
export function CinemasSection({ token, cinemaId }: { token: string; cinemaId: string }) {
  const { scope, selectable, reload } = useCinemaScope();
  const [editing, setEditing] = useState<Editing | null>(null);
  const admin = scope.all;
  const shown = selectable.filter((cinema) => !cinemaId || cinema.id === cinemaId);

  return (
    <div>
      {admin && (
        <Actions>
          <Button type="button" onClick={() => setEditing({ kind: 'cinema' })}>
            Agregar cine
          </Button>
        </Actions>
      )}
      {shown.length === 0 ? (
        <EmptyState>{admin ? 'Todavía no hay cines. Agrega el primero.' : 'No tienes cines asignados.'}</EmptyState>
      ) : (
        <List>
          {shown.map((cinema) => (
            <li key={cinema.id}>
              <Card aria-labelledby={`cinema-${cinema.id}`}>
                <header>
                  <h3 id={`cinema-${cinema.id}`}>
                    {cinema.name} <small>({cinema.city})</small>
                  </h3>
                  {admin && (
                    <Button
                      type="button"
                      $variant="secondary"
                      aria-label={`Modificar ${cinema.name}`}
                      onClick={() => setEditing({ kind: 'cinema', cinema })}
                    >
                      Modificar cine
                    </Button>
                  )}
                </header>
                <Facts>
                  <div>
                    <dt>Dirección</dt>
                    <dd>{cinema.address}</dd>
                  </div>
                  <div>
                    <dt>Horario</dt>
                    <dd>{cinema.hours}</dd>
                  </div>
                  <div>
                    <dt>Zona horaria</dt>
                    <dd>{cinema.timeZone}</dd>
                  </div>
                  <div>
                    <dt>Slug</dt>
                    <dd>
                      <code>?cine={cinema.slug}</code>
                    </dd>
                  </div>
                </Facts>
                <h4>Salas</h4>
                {cinema.rooms.length === 0 ? (
                  <p>Todavía no tiene salas.</p>
                ) : (
                  <Rooms aria-label={`Salas de ${cinema.name}`}>
                    {cinema.rooms.map((room) => (
                      <li key={room.id}>
                        <span>
                          {room.name} · {room.capacity} butacas
                        </span>
                        <RowButton
                          type="button"
                          aria-label={`Modificar ${room.name} de ${cinema.name}`}
                          onClick={() => setEditing({ kind: 'room', cinema, room })}
                        >
                          <EditIcon />
                        </RowButton>
                      </li>
                    ))}
                  </Rooms>
                )}
                {admin && (
                  <Button type="button" $variant="secondary" onClick={() => setEditing({ kind: 'room', cinema })}>
                    Agregar sala a {cinema.name}
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </List>
      )}
      {editing?.kind === 'cinema' && (
        <CinemaDialog token={token} cinema={editing.cinema} onSaved={reload} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'room' && (
        <RoomDialog token={token} cinema={editing.cinema} room={editing.room} onSaved={reload} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: 1rem;
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: 64rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;
  background: var(--cine-surface, #161622);

  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }

  h3,
  h4 {
    margin: 0;
  }

  small {
    color: var(--cine-muted, #a6a6bb);
    font-weight: 400;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.4rem;
  margin: 0;

  div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.5rem;
  }

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Rooms = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
`;
