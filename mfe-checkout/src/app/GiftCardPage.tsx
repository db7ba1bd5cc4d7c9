import type { GiftCardPurchaseResponse } from '@cine/contracts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  ApiError,
  cinemaInfo,
  errorMessage,
  formatMoney,
  shortDate,
  signInUrl,
  useDocumentTitle,
  type RemotePageProps,
  type Session,
} from '@cine/web-kit';
import { Button, EmptyState, ErrorText, Page, PageTitle, SectionTitle, TextArea, TextInput } from '@cine/web-kit/ui';
import { PaymentForm } from '../features/payment/components/PaymentForm';
import { CARD_REJECTED_TEXT } from '../features/payment/paymentMessages';
import { buyGiftCard } from '../features/gift-cards/api/giftCardsApi';
import {
  emptyGiftCardForm,
  toPurchaseRequest,
  validateGiftCardForm,
  type GiftCardFormErrors,
  type GiftCardFormValues,
} from '../features/gift-cards/giftCardForm';
import { GiftCardCodeForm, type FoundGiftCard } from '../features/gift-cards/components/GiftCardCodeForm';

const dayOf = (instant: string) => shortDate(instant.slice(0, 10));

/**
 * Exposed as 'checkout/GiftCardPage': /tarjeta-regalo (issue 39). A signed-in buyer gives a gift card: its
 * amount, who gets it (their e-mail, and name and a message if they like) and the bank card that pays; the
 * recipient gets the code by mail. Anyone checks a card's balance by its code.
 */
export default function GiftCardPage({ session }: RemotePageProps) {
  useDocumentTitle('Tarjetas regalo');
  return (
    <Page>
      <PageTitle>Tarjetas regalo</PageTitle>
      <Intro>Regala cine: quien la recibe la usa para pagar entradas y dulcería, en una o varias compras.</Intro>
      <Columns>
        <section aria-labelledby="regalar">
          <SectionTitle id="regalar">Comprar una tarjeta regalo</SectionTitle>
          {session ? <BuyGiftCard session={session} /> : <SignInToBuy />}
        </section>
        <section aria-labelledby="saldo">
          <SectionTitle id="saldo">Consultar el saldo</SectionTitle>
          <BalanceCheck session={session} />
        </section>
      </Columns>
    </Page>
  );
}

function SignInToBuy() {
  const { pathname } = useLocation();
  return (
    <EmptyState>
      Inicia sesión para comprar una tarjeta regalo. <Link to={signInUrl('login', pathname)}>Iniciar sesión</Link>
    </EmptyState>
  );
}

function BuyGiftCard({ session }: { session: Session }) {
  const id = useId();
  const [values, setValues] = useState<GiftCardFormValues>(emptyGiftCardForm);
  const [errors, setErrors] = useState<GiftCardFormErrors>({});
  const [failure, setFailure] = useState<{ declined: boolean; message: string } | null>(null);
  const [bought, setBought] = useState<{ answer: GiftCardPurchaseResponse; to: string } | null>(null);

  const set = (field: keyof GiftCardFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const pay = async (paymentMethodId: string) => {
    setFailure(null);
    const found = validateGiftCardForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      const answer = await buyGiftCard(session, toPurchaseRequest(values, paymentMethodId));
      setBought({ answer, to: values.recipientEmail.trim() });
      setValues(emptyGiftCardForm);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 402
          ? { declined: true, message: error.message }
          : { declined: false, message: errorMessage(error) },
      );
    }
  };

  if (bought) {
    const { giftCard, orderId } = bought.answer;
    return (
      <Done role="status">
        <strong>¡Listo! Compraste una tarjeta regalo de {formatMoney(giftCard.amount)}.</strong>
        <span>
          Le enviamos el código por correo a {bought.to}. Termina en {giftCard.last4} y vence el {dayOf(giftCard.expiresAt)}.
        </span>
        <span className="muted">Pedido {orderId}. La verás en Mis compras.</span>
        <Actions>
          <Link to="/mis-compras">Ver Mis compras</Link>
          <Button type="button" $variant="secondary" onClick={() => setBought(null)}>
            Comprar otra
          </Button>
        </Actions>
      </Done>
    );
  }

  const field = (name: keyof GiftCardFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: keyof GiftCardFormValues) =>
    errors[name] && (
      <ErrorText id={`${id}-${name}-error`} role="alert">
        {errors[name]}
      </ErrorText>
    );

  return (
    <Buy>
      <Fields aria-label="Datos de la tarjeta regalo">
        <div>
          <label htmlFor={`${id}-amount`}>Monto ({cinemaInfo().currency})</label>
          <TextInput {...field('amount')} inputMode="decimal" autoComplete="off" aria-required />
          {fieldError('amount')}
        </div>
        <div>
          <label htmlFor={`${id}-recipientEmail`}>Correo de quien la recibe</label>
          <TextInput {...field('recipientEmail')} type="email" autoComplete="off" aria-required />
          {fieldError('recipientEmail')}
        </div>
        <div>
          <label htmlFor={`${id}-recipientName`}>Su nombre (opcional)</label>
          <TextInput {...field('recipientName')} autoComplete="off" maxLength={80} />
          {fieldError('recipientName')}
        </div>
        <div>
          <label htmlFor={`${id}-message`}>Mensaje (opcional)</label>
          <TextArea {...field('message')} maxLength={300} />
          {fieldError('message')}
        </div>
      </Fields>
      <PaymentForm onPay={pay} />
      {failure && (
        <ErrorText role="alert">
          {failure.declined ? `${CARD_REJECTED_TEXT}. ${failure.message}`.trim() : failure.message}
          {failure.declined && ' No se cobró nada.'}
        </ErrorText>
      )}
    </Buy>
  );
}

function BalanceCheck({ session }: { session: Session | null }) {
  const [found, setFound] = useState<FoundGiftCard | null>(null);
  return (
    <Balance>
      <GiftCardCodeForm
        caller={session}
        label="Código de la tarjeta regalo"
        submitLabel="Consultar saldo"
        busyLabel="Consultando..."
        onFound={setFound}
      />
      {found && (
        <p role="status">
          Tu tarjeta terminada en <strong>{found.code.slice(-4)}</strong> tiene <strong>{formatMoney(found.balance.balance)}</strong> de
          saldo y vence el {dayOf(found.balance.expiresAt)}.
        </p>
      )}
    </Balance>
  );
}

const Intro = styled.p`
  margin: 0 0 1.5rem;
  color: var(--cine-muted, #a6a6bb);
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: 2rem;
  align-items: start;
`;

const Buy = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Fields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  margin: 0;
  padding: 0;
  border: none;

  div {
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
  }

  label {
    font-weight: 600;
  }
`;

const Done = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-success, #3ddc84);
  overflow-wrap: anywhere;

  strong {
    color: var(--cine-success, #3ddc84);
  }

  .muted {
    color: var(--cine-muted, #a6a6bb);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }
`;

const Balance = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  p {
    margin: 0;
  }
`;
