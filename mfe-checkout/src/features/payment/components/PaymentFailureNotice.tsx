import styled from 'styled-components';
import type { PaymentFailure } from '../hooks/usePayCart';
import { CARD_REJECTED_TEXT } from '../paymentMessages';

/**
 * Why the payment did not go through, beside the card form. A declined card says so (the spec's
 * words), why (the server's Spanish reason) and what to do next; the seats stay held meanwhile.
 */
export function PaymentFailureNotice({ failure, heldUntil }: { failure: PaymentFailure; heldUntil?: string | undefined }) {
  if (!failure.declined) return <Notice role="alert">{failure.message}</Notice>;
  const until = heldUntil ? timeOf(heldUntil) : null;
  return (
    <Notice role="alert">
      <strong>{CARD_REJECTED_TEXT}</strong>
      {failure.message && <span>{failure.message}</span>}
      <span>
        No se cobró nada. Prueba con otra tarjeta o consulta a tu banco
        {until ? `; tus butacas siguen reservadas hasta las ${until}.` : '.'}
      </span>
    </Notice>
  );
}

/** '21:05' of an ISO instant, on the visitor's clock (the hold's end, as the countdown shows it). */
function timeOf(instant: string): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin-top: 1rem;
  padding: 0.75rem;
  border-radius: 10px;
  border: 1px solid var(--cine-error, #ff4d4f);
  background: rgb(255 77 79 / 0.1);
  color: var(--cine-text, #f3f3f7);

  strong {
    color: var(--cine-error, #ff4d4f);
  }
`;
