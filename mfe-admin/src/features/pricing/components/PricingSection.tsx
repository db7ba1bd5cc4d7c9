import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, useAsyncData } from '@cine/web-kit';
import { Button } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, StackedTable, TableCard, Toolbar } from '../../../components/DataTable';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { ErrorMessage } from '../../../components/FormMessage';
import {
  deletePriceCard,
  deleteTicketType,
  fetchPriceCards,
  fetchTicketTypes,
  updateTicketType,
  type PriceCard,
  type TicketType,
} from '../../../api/pricing';
import { rulesSummary } from '../pricingForm';
import { PriceCardDialog } from './PriceCardDialog';
import { Part } from './PricingLayout';
import { SurchargesForm } from './SurchargesForm';
import { TicketTypeDialog } from './TicketTypeDialog';

const TYPE_COLUMNS = ['Código', 'Nombre', 'Descripción', 'Pide DNI', 'Estado', 'Acciones'];
const CARD_COLUMNS = ['Nombre', 'Prioridad', 'Cuándo aplica', 'Precios', 'Acciones'];

/**
 * 'Tarifas' (issue 37): the ticket types (General, Menor, Jubilado…), the price cards that give them
 * their prices by day, time, format and dates, and the surcharges per format and seat category.
 */
export function PricingSection({ token }: { token: string }) {
  const types = useAsyncData(() => fetchTicketTypes(token), token);
  const cards = useAsyncData(() => fetchPriceCards(token), token);
  return (
    <Stack>
      <TicketTypesPart token={token} types={types} />
      <PriceCardsPart token={token} cards={cards} types={types.status === 'ready' ? types.data : []} />
      <SurchargesForm token={token} />
    </Stack>
  );
}

type Loaded<T> = ReturnType<typeof useAsyncData<T[]>>;

function TicketTypesPart({ token, types }: { token: string; types: Loaded<TicketType> }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TicketType | null>(null);
  const [deleting, setDeleting] = useState<TicketType | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const reload = types.reload;

  const toggle = async (type: TicketType) => {
    setToggleError(null);
    try {
      const { code: _code, ...fields } = type;
      await updateTicketType(token, type.code, { ...fields, active: !type.active });
      reload();
    } catch (error) {
      setToggleError(errorMessage(error));
    }
  };

  return (
    <Part aria-labelledby="tarifas-tipos">
      <Toolbar>
        <h3 id="tarifas-tipos">Tipos de entrada</h3>
        <Button type="button" onClick={() => setAdding(true)}>
          Agregar tipo
        </Button>
      </Toolbar>
      {toggleError && <ErrorMessage>{toggleError}</ErrorMessage>}
      <AsyncList
        state={types}
        loading="Cargando tipos de entrada…"
        failed="No se pudieron cargar los tipos de entrada."
        empty="No hay tipos de entrada cargados."
      >
        {(rows) => (
          <TableCard>
            <StackedTable aria-label="Tipos de entrada" $labels={TYPE_COLUMNS} $stackBelow="44rem">
              <thead>
                <tr>
                  {TYPE_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((type) => (
                  <tr key={type.code}>
                    <td>{type.code}</td>
                    <td>{type.name}</td>
                    <td>{type.description || '—'}</td>
                    <td>{type.requiresId ? 'Sí' : 'No'}</td>
                    <td>{type.active ? 'Activo' : 'Inactivo'}</td>
                    <td>
                      <RowActions>
                        <RowButton type="button" aria-label={`Modificar ${type.name}`} onClick={() => setEditing(type)}>
                          <EditIcon />
                        </RowButton>
                        <RowButton
                          type="button"
                          onClick={() => void toggle(type)}
                          aria-label={`${type.active ? 'Desactivar' : 'Activar'} ${type.name}`}
                        >
                          {type.active ? 'Desactivar' : 'Activar'}
                        </RowButton>
                        <RowButton type="button" $danger aria-label={`Borrar ${type.name}`} onClick={() => setDeleting(type)}>
                          <TrashIcon />
                        </RowButton>
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
          </TableCard>
        )}
      </AsyncList>
      {adding && <TicketTypeDialog token={token} onSaved={reload} onClose={() => setAdding(false)} />}
      {editing && <TicketTypeDialog token={token} type={editing} onSaved={reload} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Borrar tipo de entrada"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteTicketType(token, deleting.code);
            setDeleting(null);
            reload();
          }}
        >
          <p>
            ¿ Estás seguro que deseas borrar <strong>{deleting.name}</strong> ? Un tipo en uso no se puede borrar: puedes desactivarlo.
          </p>
        </ConfirmDialog>
      )}
    </Part>
  );
}

/** A card's prices in words: 'General $ 9,00 · Menor (hasta 12 años) $ 6,00'. */
function pricesSummary(card: PriceCard, types: readonly TicketType[]): string {
  const nameOf = (code: string) => types.find((type) => type.code === code)?.name ?? code;
  const entries = Object.entries(card.prices);
  return entries.length === 0 ? '—' : entries.map(([code, cents]) => `${nameOf(code)} ${formatMoney(cents)}`).join(' · ');
}

function PriceCardsPart({ token, cards, types }: { token: string; cards: Loaded<PriceCard>; types: TicketType[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PriceCard | null>(null);
  const [deleting, setDeleting] = useState<PriceCard | null>(null);
  const reload = cards.reload;
  return (
    <Part aria-labelledby="tarifas-cuadros">
      <Toolbar>
        <h3 id="tarifas-cuadros">Cuadros de tarifas</h3>
        <Button type="button" onClick={() => setAdding(true)}>
          Agregar tarifa
        </Button>
      </Toolbar>
      <Hint>A cada función se le aplica la tarifa de mayor prioridad cuyas reglas coinciden con su día, horario y formato.</Hint>
      <AsyncList state={cards} loading="Cargando tarifas…" failed="No se pudieron cargar las tarifas." empty="No hay tarifas cargadas.">
        {(rows) => (
          <TableCard>
            <StackedTable aria-label="Tarifas" $labels={CARD_COLUMNS} $stackBelow="44rem">
              <thead>
                <tr>
                  {CARD_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...rows]
                  .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name, 'es'))
                  .map((card) => (
                    <tr key={card.id}>
                      <td>{card.name}</td>
                      <td className="number">{card.priority}</td>
                      <td>{rulesSummary(card.rules)}</td>
                      <td>{pricesSummary(card, types)}</td>
                      <td>
                        <RowActions>
                          <RowButton type="button" aria-label={`Modificar ${card.name}`} onClick={() => setEditing(card)}>
                            <EditIcon />
                          </RowButton>
                          <RowButton type="button" $danger aria-label={`Borrar ${card.name}`} onClick={() => setDeleting(card)}>
                            <TrashIcon />
                          </RowButton>
                        </RowActions>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </StackedTable>
          </TableCard>
        )}
      </AsyncList>
      {adding && <PriceCardDialog token={token} types={types} onSaved={reload} onClose={() => setAdding(false)} />}
      {editing && <PriceCardDialog token={token} types={types} card={editing} onSaved={reload} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Borrar tarifa"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deletePriceCard(token, deleting.id);
            setDeleting(null);
            reload();
          }}
        >
          <p>
            ¿ Estás seguro que deseas borrar <strong>{deleting.name}</strong> ?
          </p>
        </ConfirmDialog>
      )}
    </Part>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2rem;
`;

const Hint = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;
