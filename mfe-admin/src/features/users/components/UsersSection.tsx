import { roleLabels, USER_SORTS, type Role } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { useAsyncData } from '@cine/web-kit';
import { Button, Select } from '@cine/web-kit/ui';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Toolbar } from '../../../components/DataTable';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { deleteUser, fetchUsers, type User } from '../api/users';
import { AddUserDialog, EditUserDialog } from './UserDialogs';
import { useListParams } from '../../../hooks/useListParams';
import { useCinemaScope } from '../../../hooks/useCinemaScope';

interface UsersSectionProps {
  token: string;
  /** The signed-in admin: their own row has no trash icon (an admin cannot delete themself). */
  currentUserId: string;
}

/** 'Usuarios Registrados': the users page by page (sorted by a column, of a role, a search by name or e-mail), add, edit and delete. */
export function UsersSection({ token, currentUserId }: UsersSectionProps) {
  const list = useListParams(USER_SORTS, 'createdAt', ['role', 'q'] as const);
  const users = useAsyncData(() => fetchUsers(token, list.apiQuery), `${token} ${list.apiQuery}`);
  const { role, q } = list.filters;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const reload = users.reload;
  const { cinemas } = useCinemaScope();
  /** A manager's or staff member's cinemas by name (an id the list does not know, as it is). */
  const cinemasOf = (user: User) =>
    (user.cinemaIds ?? []).map((cinemaId) => cinemas.find((cinema) => cinema.id === cinemaId)?.name ?? cinemaId).join(', ') || '—';
  const columns: Column<User>[] = [
    {
      label: 'Nombre',
      sort: 'username',
      cell: (user) => (
        <NameButton type="button" onClick={() => setEditing(user)} aria-label={`Modificar ${user.username}`}>
          {user.username}
        </NameButton>
      ),
    },
    { label: 'Email', sort: 'email', cell: (user) => user.email },
    { label: 'Rol', sort: 'role', cell: (user) => roleLabels[user.role] },
    { label: 'Cines', cell: cinemasOf },
    {
      label: 'Borrar',
      cell: (user) =>
        user.id === currentUserId ? (
          <Own>Tu cuenta</Own>
        ) : (
          <RowButton type="button" $danger aria-label={`Borrar ${user.username}`} onClick={() => setDeleting(user)}>
            <TrashIcon />
          </RowButton>
        ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <SearchBar
          placeholder="Buscar usuario..."
          initial={q}
          onSearch={(text) => list.update({ q: text })}
          onShowAll={() => (q || role ? list.update({ q: '', role: '' }) : users.reload())}
        />
        <Filter>
          Rol
          <Select value={role} onChange={(event) => list.update({ role: event.target.value })}>
            <option value="">Todos los roles</option>
            {(Object.keys(roleLabels) as Role[]).map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </Select>
        </Filter>
        <Button type="button" onClick={() => setAdding(true)}>
          Agregar nuevo
        </Button>
      </Toolbar>

      <PagedTable
        label="Usuarios registrados"
        columns={columns}
        rowKey={(user) => user.id}
        state={users}
        list={list}
        loading="Cargando usuarios…"
        failed="No se pudieron cargar los usuarios."
        empty={q || role ? 'No hay usuarios que coincidan con la búsqueda.' : 'No hay usuarios registrados.'}
      />

      {adding && <AddUserDialog token={token} onCreated={reload} onClose={() => setAdding(false)} />}
      {editing && <EditUserDialog token={token} user={editing} onSaved={reload} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Borrar Usuario"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteUser(token, deleting.email);
            setDeleting(null);
            reload();
          }}
        >
          <p>
            ¿ Estás seguro que deseas borrar al usuario <strong>{deleting.username}</strong> ({deleting.email}) ?
          </p>
          <p>
            Sus tokens dejan de valer al instante. Si tiene entradas pagadas de funciones por venir no se borra: reembolsa esas compras
            primero.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const NameButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: var(--cine-gold, #f5c518);
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

const Own = styled.span`
  color: var(--cine-muted, #a6a6bb);
  font-size: 0.85rem;
`;

const Filter = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;

  select {
    width: auto;
  }
`;
