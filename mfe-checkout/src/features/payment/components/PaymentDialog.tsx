import type { CartView } from '@cine/contracts';
import { Dialog } from '@cine/web-kit/ui';
import type { ReactNode } from 'react';
import type { PaymentFailure } from '../hooks/usePayCart';
import { PaymentAmount } from './PaymentAmount';
import { PaymentFailureNotice } from './PaymentFailureNotice';

interface PaymentDialogProps {
  cart: CartView;
  /** The payment itself (the app's PaymentStep: a gift card and the bank card). */
  children: ReactNode;
  error: PaymentFailure | null;
  onClose: () => void;
}

/** 'Metodo de Pago': what is paid and for what, a gift card and the card entry and 'Realizar Pago', and why a card failed. */
export function PaymentDialog({ cart, children, error, onClose }: PaymentDialogProps) {
  return (
    <Dialog title="Metodo de Pago" onClose={onClose}>
      <PaymentAmount cart={cart} />
      {children}
      {error && <PaymentFailureNotice failure={error} heldUntil={cart.tickets[0]?.heldUntil} />}
    </Dialog>
  );
}
