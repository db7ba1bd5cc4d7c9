import type { PricedLine } from '@cine/contracts';
import { formatMoney } from '@cine/web-kit';
import styled from 'styled-components';

/** '+ $ 2,00': a surcharge reads as something added to the base. */
const added = (cents: number) => `+ ${formatMoney(cents)}`;

/** '− $ 2,00': a promo code's discount reads as something taken off. */
const takenOff = (cents: number) => `− ${formatMoney(cents)}`;

/**
 * Each ticket as the server priced it (issue 37): the seat and its type with the line's total, then
 * (when something was added) the type's base price and each surcharge with its reason. The cart, the
 * payment step, the confirmation and Mis compras all list an order's tickets with it; the totals
 * beside it stay the server's. A line a promo code discounts (issue 39) shows what is paid for it, and
 * its price and the discount below.
 */
export function PricedLinesList({ lines, label = 'Detalle de las entradas' }: { lines: readonly PricedLine[]; label?: string }) {
  return (
    <List aria-label={label}>
      {lines.map((line) => {
        const discount = line.discount ?? 0;
        return (
          <li key={line.seatLabel}>
            <Head>
              <span>
                Butaca {line.seatLabel} · {line.typeName}
              </span>
              <strong>{formatMoney(line.total - discount)}</strong>
            </Head>
            {(line.surcharges.length > 0 || discount > 0) && (
              <Detail>
                <div>
                  <dt>Precio base</dt>
                  <dd>{formatMoney(line.base)}</dd>
                </div>
                {line.surcharges.map((surcharge) => (
                  <div key={surcharge.reason}>
                    <dt>{surcharge.reason}</dt>
                    <dd>{added(surcharge.amount)}</dd>
                  </div>
                ))}
                {discount > 0 && (
                  <div className="discount">
                    <dt>Descuento</dt>
                    <dd>{takenOff(discount)}</dd>
                  </div>
                )}
              </Detail>
            )}
          </li>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0.3rem 0;
    border-bottom: 1px dashed var(--cine-border, #2e2e42);
  }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;

  strong {
    white-space: nowrap;
  }
`;

const Detail = styled.dl`
  margin: 0.15rem 0 0 1rem;
  font-size: 0.9rem;
  color: var(--cine-muted, #a6a6bb);

  div {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
  }

  dd {
    margin: 0;
    white-space: nowrap;
  }

  .discount {
    color: var(--cine-success, #3ddc84);
  }
`;
