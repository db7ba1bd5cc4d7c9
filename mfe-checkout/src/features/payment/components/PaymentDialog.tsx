import type { CartView } from '@cine/contracts';
import { Dialog } from '@cine/web-kit/ui';
import type { PaymentFailure } from '../hooks/usePayCart';
import { PaymentAmount } from './PaymentAmount';
import { PaymentFailureNotice } from './PaymentFailureNotice';
import { PaymentForm } from './PaymentForm';

interface PaymentDialogProps {
  cart: CartView;
  onPay: (paymentMethodId: string) => Promise<void>;
  error: PaymentFailure | null;
  onClose: () => void;
}

/** 'Metodo de Pago': what is paid and for what, the card entry and 'Realizar Pago', and why a card failed. */
export function PaymentDialog({ cart, onPay, error, onClose }: PaymentDialogProps) {
  return (
    <Dialog title="Metodo de Pago" onClose={onClose}>
      <PaymentAmount cart={cart} />
      <PaymentForm onPay={onPay} />
      {error && <PaymentFailureNotice failure={error} heldUntil={cart.tickets[0]?.heldUntil} />}
    </Dialog>
  );
}
