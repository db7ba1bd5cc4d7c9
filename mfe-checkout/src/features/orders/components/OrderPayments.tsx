import type { OrderView, PaymentPart } from '@cine/contracts';
import { PriceLine } from '../../../components/PriceLines';
import { formatMoney, paymentLabel } from '@cine/web-kit';

/** Issue 39: the promo code's discount, as a line of what was paid ('Descuento (VERANO-26) − $ 4,00'). */
export function DiscountLine({ order }: { order: Pick<OrderView, 'discount' | 'promo'> }) {
  if (!order.discount) return null;
  return (
    <li className="discount">
      <span>Descuento{order.promo ? ` (${order.promo.code} · ${order.promo.name})` : ''}</span>
      <span>− {formatMoney(order.discount)}</span>
    </li>
  );
}

/** Issue 39: how the total was paid, one line a part ('Pagado con tarjeta regalo ···· WN3C'). */
export function PaymentLines({ payments }: { payments: readonly PaymentPart[] | undefined }) {
  if (!payments || payments.length === 0) return null;
  return (
    <>
      {payments.map((part) => (
        <PriceLine
          key={`${part.kind}-${part.last4 ?? ''}`}
          className="payment"
          label={`Pagado con ${paymentLabel(part)}`}
          cents={part.amount}
        />
      ))}
    </>
  );
}
