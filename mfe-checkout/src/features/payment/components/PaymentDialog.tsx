import type { CartView } from '@cine/contracts';
import { Dialog } from '@cine/web-kit/ui';
import type { Caller } from '../../../types';
import type { PaymentFailure, PayCart } from '../hooks/usePayCart';
import { PaymentAmount } from './PaymentAmount';
import { PaymentFailureNotice } from './PaymentFailureNotice';
import { PaymentStep } from './PaymentStep';

interface PaymentDialogProps {
  caller: Caller;
  cart: CartView;
  onPay: PayCart;
  error: PaymentFailure | null;
  onClose: () => void;
}

/** 'Metodo de Pago': what is paid and for what, a gift card and the card entry and 'Realizar Pago', and why a card failed. */
export function PaymentDialog({ caller, cart, onPay, error, onClose }: PaymentDialogProps) {
  return (
    <Dialog title="Metodo de Pago" onClose={onClose}>
      <PaymentAmount cart={cart} />
      <PaymentStep caller={caller} total={cart.orderPrice} onPay={onPay} />
      {error && <PaymentFailureNotice failure={error} heldUntil={cart.tickets[0]?.heldUntil} />}
    </Dialog>
  );
}
