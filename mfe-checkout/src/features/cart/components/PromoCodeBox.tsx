import { normalizePromoCode, PROMO_CODE_PATTERN, PROMO_MESSAGES, type CartView } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney } from '@cine/web-kit';
import { Button, ErrorText, TextInput } from '@cine/web-kit/ui';
import type { Caller } from '../../../types';
import { applyPromoCode, removePromoCode } from '../api/cartApi';

const CODE_FORMAT = new RegExp(PROMO_CODE_PATTERN);

interface PromoCodeBoxProps {
  caller: Caller;
  cart: CartView;
  /** The server's cart after the code was applied or taken off. */
  onCartChange: (cart: CartView) => void;
}

/**
 * Issue 39: the cart's promo code. Without one, a field and 'Aplicar' (Enter applies it); the server's refusal
 * ('El código no existe', 'Se agotaron los usos de este código'…) shows under the field, tied to it. With one,
 * its name, what it takes off and 'Quitar'; a code that stopped applying says why (`promo.problem`).
 */
export function PromoCodeBox({ caller, cart, onCartChange }: PromoCodeBoxProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const promo = cart.promo;
  const errorId = `${id}-error`;

  const run = async (call: () => Promise<CartView>) => {
    setBusy(true);
    setError(null);
    try {
      onCartChange(await call());
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!CODE_FORMAT.test(typed)) {
      setError(PROMO_MESSAGES.badFormat);
      return;
    }
    void run(() => applyPromoCode(caller, normalizePromoCode(typed)));
  };

  if (promo) {
    return (
      <Box aria-label="Código de descuento">
        <Applied role="status">
          <span>
            Código <strong>{promo.code}</strong> · {promo.name}
          </span>
          {promo.problem ? <span>{promo.problem}</span> : <strong>− {formatMoney(promo.discount)}</strong>}
        </Applied>
        <Button
          type="button"
          $variant="secondary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void run(() => removePromoCode(caller))}
        >
          {busy ? 'Quitando...' : `Quitar el código ${promo.code}`}
        </Button>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </Box>
    );
  }

  return (
    <Box aria-label="Código de descuento">
      <form onSubmit={apply} noValidate>
        <label htmlFor={`${id}-code`}>¿Tienes un código de descuento?</label>
        <Row>
          <TextInput
            id={`${id}-code`}
            name="promo-code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          <Button type="submit" $variant="secondary" aria-disabled={busy || undefined}>
            {busy ? 'Aplicando...' : 'Aplicar'}
          </Button>
        </Row>
        {error && (
          <ErrorText id={errorId} role="alert">
            {error}
          </ErrorText>
        )}
      </form>
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  form {
    display: flex;
    flex-direction: column;
    gap: 0.4rem;
  }

  label {
    font-weight: 600;
  }

  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;

  input {
    flex: 1;
    min-width: 0;
    text-transform: uppercase;
  }
`;

const Applied = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.25rem 1rem;
  padding: 0.6rem 0.75rem;
  border-radius: 10px;
  border: 1px dashed var(--cine-success, #3ddc84);

  strong:last-child {
    color: var(--cine-success, #3ddc84);
    white-space: nowrap;
  }
`;
