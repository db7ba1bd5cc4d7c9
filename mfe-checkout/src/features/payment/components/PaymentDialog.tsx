import styled from 'styled-components';
import { Dialog, ErrorText } from '@cine/web-kit/ui';
import { PaymentForm } from './PaymentForm';

interface PaymentDialogProps {
  onPay: (paymentMethodId: string) => Promise<void>;
  error: string | null;
  onClose: () => void;
}

/** 'Metodo de Pago': the card entry and 'Realizar Pago'. */
export function PaymentDialog({ onPay, error, onClose }: PaymentDialogProps) {
  return (
    <Dialog title="Metodo de Pago" onClose={onClose}>
      <PaymentForm onPay={onPay} />
      {error && <PaymentError role="alert">{error}</PaymentError>}
    </Dialog>
  );
}

const PaymentError = styled(ErrorText)`
  margin-top: 1rem;
`;
