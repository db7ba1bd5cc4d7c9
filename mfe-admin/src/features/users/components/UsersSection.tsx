import { roleLabels } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@cine/web-kit/ui';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Table, TableCard, Toolbar } from '../../../components/DataTable';
import { TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { deleteUser, fetchUsers, searchUsers, type User } from '../api/users';
import { AddUserDialog, EditUserDialog } from './UserDialogs';
import { AsyncList } from '../../../components/AsyncList';
import { useSearchableList } from '../../../hooks/useSearchableList';

interface UsersSectionProps {
  token: string;
  /** The signed-in admin: their own row has no trash icon (an admin cannot delete themself). */
  currentUserId: string;
}

/** 'Usuarios Registrados': every user, a search by username, add, edit and delete. */
export function UsersSection({ token, currentUserId }: UsersSectionProps) {
  const { query, list: users, search, showAll } = useSearchableList((text) => (text ? searchUsers(token, text) : fetchUsers(token)));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const reload = users.reload;

  return (
    <div>
      <Toolbar>
        <SearchBar placeholder="Buscar usuario..." onSearch={search} onShowAll={showAll} />
        <Button type="button" onClick={() => setAdding(true)}>
          Agregar nuevo
        </Button>
      </Toolbar>

      <AsyncList
        state={users}
        loading="Cargando usuarios…"
        failed="No se pudieron cargar los usuarios."
        empty={query ? `No hay usuarios cuyo nombre contenga «${query}».` : 'No hay usuarios registrados.'}
      >
        {(list) => (
          <TableCard>
            <Table aria-label="Usuarios registrados">
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Email</th>
                  <th scope="col">Rol</th>
                  <th scope="col">Borrar</th>
                </tr>
              </thead>
              <tbody>
                {list.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <NameButton type="button" onClick={() => setEditing(user)} aria-label={`Modificar ${user.username}`}>
                        {user.username}
                      </NameButton>
                    </td>
                    <td>{user.email}</td>
                    <td>{roleLabels[user.role]}</td>
                    <td>
                      {user.id === currentUserId ? (
                        <Own>Tu cuenta</Own>
                      ) : (
                        <RowButton type="button" $danger aria-label={`Borrar ${user.username}`} onClick={() => setDeleting(user)}>
                          <TrashIcon />
                        </RowButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableCard>
        )}
      </AsyncList>

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
