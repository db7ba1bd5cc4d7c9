import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, shortDate, useAsyncData } from '@cine/web-kit';
import { Button } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { RowButton, Toolbar } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { EditIcon } from '../../../components/icons';
import { RecordTable, type Column } from '../../../components/RecordTable';
import { fetchPromotions, updatePromotion, type PromotionView } from '../api/promotions';
import { discountText, toPromotionFields, promotionFormFrom } from '../promotionForm';
import { PromotionDialog } from './PromotionDialog';

/** 'del 01/12/2026 al 31/12/2026', 'desde el …', 'hasta el …', or 'Siempre'. */
function periodText({ from, to }: PromotionView['appliesTo']): string {
  if (from && to) return `del ${shortDate(from)} al ${shortDate(to)}`;
  if (from) return `desde el ${shortDate(from)}`;
  if (to) return `hasta el ${shortDate(to)}`;
  return 'Siempre';
}

/**
 * Issue 39, 'Promociones': every promo code the caller may see with its discount, period, uses (of its limit)
 * and whether it is active; create one, edit one, switch one on or off.
 */
export function PromotionsSection({ token }: { token: string }) {
  const promotions = useAsyncData(() => fetchPromotions(token), token);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PromotionView | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = promotions.reload;

  const toggleActive = async (promotion: PromotionView) => {
    if (switching) return;
    setSwitching(promotion.code);
    setError(null);
    try {
      await updatePromotion(token, promotion.code, { ...toPromotionFields(promotionFormFrom(promotion)), active: !promotion.active });
      reload();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSwitching(null);
    }
  };

  const columns: Column<PromotionView>[] = [
    { label: 'Código', cell: (promotion) => <Code>{promotion.code}</Code> },
    { label: 'Nombre', cell: (promotion) => promotion.name },
    { label: 'Descuento', cell: (promotion) => discountText(promotion, formatMoney) },
    { label: 'Vigencia', cell: (promotion) => periodText(promotion.appliesTo) },
    {
      label: 'Usos',
      numeric: true,
      cell: (promotion) => (
        <>
          {promotion.uses}
          {promotion.limits.total !== undefined && ` / ${promotion.limits.total}`}
          {promotion.held > 0 && ` (${promotion.held} en curso)`}
        </>
      ),
    },
    {
      label: 'Activa',
      cell: (promotion) => (
        <label>
          <input
            type="checkbox"
            checked={promotion.active}
            aria-label={`${promotion.code} activa`}
            disabled={switching === promotion.code}
            onChange={() => void toggleActive(promotion)}
          />{' '}
          {promotion.active ? 'Sí' : 'No'}
        </label>
      ),
    },
    {
      label: 'Modificar',
      cell: (promotion) => (
        <RowButton type="button" aria-label={`Modificar ${promotion.code}`} onClick={() => setEditing(promotion)}>
          <EditIcon />
        </RowButton>
      ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <Button type="button" onClick={() => setAdding(true)}>
          Nueva promoción
        </Button>
      </Toolbar>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <AsyncList
        state={promotions}
        loading="Cargando promociones…"
        failed="No se pudieron cargar las promociones."
        empty="Todavía no hay promociones."
      >
        {(rows) => <RecordTable label="Promociones" columns={columns} rows={rows} rowKey={(promotion) => promotion.code} />}
      </AsyncList>
      {adding && <PromotionDialog token={token} onSaved={reload} onClose={() => setAdding(false)} />}
      {editing && <PromotionDialog token={token} promotion={editing} onSaved={reload} onClose={() => setEditing(null)} />}
    </div>
  );
}

const Code = styled.code`
  font-weight: 700;
  letter-spacing: 0.03em;
`;
