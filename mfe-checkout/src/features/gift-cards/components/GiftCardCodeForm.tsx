import { GIFT_CARD_MESSAGES, normalizeGiftCardCode, type GiftCardBalance } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@cine/web-kit';
import { Button, ErrorText, TextInput } from '@cine/web-kit/ui';
import type { Caller } from '../../../types';
import { fetchGiftCardBalance } from '../api/giftCardsApi';

/** A card found by its code: the code normalised (16 characters) and what it has left. */
export interface FoundGiftCard {
  code: string;
  balance: GiftCardBalance;
}

interface GiftCardCodeFormProps {
  caller?: Caller | null;
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Focus the field when it appears (opened on request). */
  autoFocus?: boolean;
  onFound: (card: FoundGiftCard) => void;
}

/**
 * Issue 39: a gift card's code (any case, with or without dashes or spaces) checked against its balance
 * (GET /gift-cards/{code}). A code that cannot be one is refused here; the server's refusals (no such card,
 * too many tries) show under the field, tied to it.
 */
export function GiftCardCodeForm({ caller, label, submitLabel, busyLabel, autoFocus = false, onFound }: GiftCardCodeFormProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = normalizeGiftCardCode(typed);
    if (!code) {
      setError(GIFT_CARD_MESSAGES.badCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const balance = await fetchGiftCardBalance(code, caller);
      onFound({ code, balance });
      setTyped('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-code`}>{label}</label>
      <Row>
        <TextInput
          id={`${id}-code`}
          name="gift-card-code"
          value={typed}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" $variant="secondary" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Row>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;

  label {
    font-weight: 600;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;

  input {
    flex: 1 1 12rem;
    min-width: 0;
    text-transform: uppercase;
  }
`;
