import { useState } from 'react';
import styled from 'styled-components';
import { CANDY_SORTS } from '@cine/contracts';
import { Button } from '@cine/web-kit/ui';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Toolbar } from '../../../components/DataTable';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { EditIcon, InfoIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { deleteCandy, fetchCandy, type CandyItem } from '../api/candy';
import { CandyFormDialog, CandySalesDialog } from './CandyDialogs';
import { useListParams } from '../../../hooks/useListParams';
import { formatMoney, useAsyncData } from '@cine/web-kit';

/** 'Candy': the items with picture and price, page by page; search, add, edit, delete and each item's sales. */
export function CandySection({ token }: { token: string }) {
  const list = useListParams(CANDY_SORTS, 'name', ['q'] as const);
  const items = useAsyncData(() => fetchCandy(token, list.apiQuery), `${token} ${list.apiQuery}`);
  const query = list.filters.q;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CandyItem | null>(null);
  const [deleting, setDeleting] = useState<CandyItem | null>(null);
  const [detail, setDetail] = useState<CandyItem | null>(null);
  const reload = items.reload;
  const columns: Column<CandyItem>[] = [
    { label: 'Imagen', cell: (item) => <Thumb src={item.picture} alt="" loading="lazy" /> },
    { label: 'Producto', sort: 'name', cell: (item) => item.name },
    { label: 'Precio', sort: 'price', numeric: true, cell: (item) => formatMoney(item.price) },
    {
      label: 'Detail',
      cell: (item) => (
        <RowActions>
          <RowButton type="button" aria-label={`Detalles de ventas de ${item.name}`} onClick={() => setDetail(item)}>
            <InfoIcon />
          </RowButton>
          <RowButton type="button" aria-label={`Modificar ${item.name}`} onClick={() => setEditing(item)}>
            <EditIcon />
          </RowButton>
          <RowButton type="button" $danger aria-label={`Borrar ${item.name}`} onClick={() => setDeleting(item)}>
            <TrashIcon />
          </RowButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <SearchBar
          placeholder="Buscar producto..."
          initial={query}
          onSearch={(text) => list.update({ q: text })}
          onShowAll={() => (query ? list.update({ q: '' }) : items.reload())}
        />
        <Button type="button" onClick={() => setAdding(true)}>
          Agregar nuevo
        </Button>
      </Toolbar>

      <PagedTable
        label="Productos"
        columns={columns}
        rowKey={(item) => item.id}
        state={items}
        list={list}
        loading="Cargando productos…"
        failed="No se pudieron cargar los productos."
        empty={query ? `No hay productos cuyo nombre contenga «${query}».` : 'No hay productos cargados.'}
      />

      {adding && <CandyFormDialog token={token} onSaved={reload} onClose={() => setAdding(false)} />}
      {editing && <CandyFormDialog token={token} item={editing} onSaved={reload} onClose={() => setEditing(null)} />}
      {detail && <CandySalesDialog token={token} item={detail} onClose={() => setDetail(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Borrar Producto"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteCandy(token, deleting.id);
            setDeleting(null);
            reload();
          }}
        >
          <p>
            ¿ Estás seguro que deseas borrar <strong>{deleting.name}</strong> ?
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const Thumb = styled.img`
  display: block;
  width: 3rem;
  height: 3rem;
  object-fit: cover;
  border-radius: 8px;
  background: var(--cine-surface-2, #20202f);
`;

const RowActions = styled.div`
  display: flex;
  gap: 0.4rem;
`;
