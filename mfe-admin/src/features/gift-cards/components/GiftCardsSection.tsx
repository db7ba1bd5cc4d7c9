import type { GiftCardEntryKind } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { cinemaInfo, errorMessage, formatMoney, instantLabel, useAsyncData } from '@cine/web-kit';
import { Button, Dialog, TextArea, TextInput } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { CellNote, Toolbar } from '../../../components/DataTable';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { OrderLink } from '../../../components/OrderLink';
import { PagedTable } from '../../../components/PagedTable';
import { RecordTable, type Column } from '../../../components/RecordTable';
import { SearchBar } from '../../../components/SearchBar';
import { useSearchPages } from '../../../hooks/useSearchPages';
import {
  fetchGiftCardLedger,
  issueGiftCard,
  searchGiftCards,
  voidGiftCard,
  type GiftCardLedgerEntry,
  type GiftCardView,
} from '../api/giftCards';

const STATE_LABELS: Record<GiftCardView['state'], string> = { active: 'Activa', spent: 'Sin saldo', expired: 'Vencida', void: 'Anulada' };
const ORIGIN_LABELS: Record<GiftCardView['origin'], string> = { sold: 'Vendida', issued: 'Emitida sin pago' };
const ENTRY_LABELS: Record<GiftCardEntryKind, string> = {
  sale: 'Venta',
  issue: 'Emisión',
  debit: 'Pago de un pedido',
  release: 'Pago no realizado (devuelto)',
  refund: 'Reembolso',
  void: 'Anulación',
};

/**
 * Issue 39, 'Tarjetas regalo': the chain's gift cards, searched by their code (whole or its last four) or the
 * recipient's e-mail; issue one without payment, void one with a reason, and read a card's ledger.
 */
export function GiftCardsSection({ token }: { token: string }) {
  const search = useSearchPages();
  const cards = useAsyncData(() => searchGiftCards(token, search.query, search.page), `${token}|${search.key}`);
  const [issuing, setIssuing] = useState(false);
  const [voiding, setVoiding] = useState<GiftCardView | null>(null);
  const [ledgerOf, setLedgerOf] = useState<GiftCardView | null>(null);
  const reload = search.reload;
  const columns: Column<GiftCardView>[] = [
    { label: 'Código', cell: (card) => `···· ${card.last4}` },
    { label: 'Para', cell: (card) => (card.recipientName ? `${card.recipientName} (${card.recipientEmail})` : card.recipientEmail) },
    { label: 'Valor', numeric: true, cell: (card) => formatMoney(card.amount) },
    { label: 'Saldo', numeric: true, cell: (card) => formatMoney(card.balance) },
    { label: 'Estado', cell: (card) => STATE_LABELS[card.state] },
    {
      label: 'Origen',
      cell: (card) => (
        <>
          {ORIGIN_LABELS[card.origin]}
          {card.reason && <CellNote>{card.reason}</CellNote>}
        </>
      ),
    },
    {
      label: 'Acciones',
      cell: (card) => (
        <Actions>
          <Button type="button" $variant="secondary" aria-label={`Movimientos de ···· ${card.last4}`} onClick={() => setLedgerOf(card)}>
            Movimientos
          </Button>
          {card.state !== 'void' && (
            <Button type="button" $variant="danger" aria-label={`Anular ···· ${card.last4}`} onClick={() => setVoiding(card)}>
              Anular
            </Button>
          )}
        </Actions>
      ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <SearchBar placeholder="Buscar por código o correo..." onSearch={search.find} onShowAll={search.showAll} />
        <Button type="button" onClick={() => setIssuing(true)}>
          Emitir tarjeta
        </Button>
      </Toolbar>
      <PagedTable
        label="Tarjetas regalo"
        columns={columns}
        rowKey={(card) => card.id}
        state={cards}
        list={search.list}
        loading="Cargando tarjetas regalo…"
        failed="No se pudieron cargar las tarjetas regalo."
        empty={search.query ? `No hay tarjetas regalo que coincidan con «${search.query}».` : 'Todavía no hay tarjetas regalo.'}
      />
      {issuing && <IssueDialog token={token} onIssued={reload} onClose={() => setIssuing(false)} />}
      {voiding && (
        <VoidDialog
          token={token}
          card={voiding}
          onVoided={() => {
            setVoiding(null);
            reload();
          }}
          onClose={() => setVoiding(null)}
        />
      )}
      {ledgerOf && <LedgerDialog token={token} card={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </div>
  );
}

const ISSUE_MESSAGES = {
  amount: 'Escribe un monto mayor que cero.',
  email: 'Escribe un correo válido.',
  reason: 'Escribe por qué se emite.',
} as const;

function IssueDialog({ token, onIssued, onClose }: { token: string; onIssued: () => void; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ amount: '', recipientEmail: '', recipientName: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const amountText = values.amount.trim();
    const amount = /^\d{1,7}([.,]\d{1,2})?$/.test(amountText) ? Math.round(Number(amountText.replace(',', '.')) * 100) : 0;
    const found: typeof errors = {};
    if (amount <= 0) found.amount = ISSUE_MESSAGES.amount;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.recipientEmail.trim())) found.recipientEmail = ISSUE_MESSAGES.email;
    if (!values.reason.trim()) found.reason = ISSUE_MESSAGES.reason;
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      const name = values.recipientName.trim();
      const card = await issueGiftCard(token, {
        amount,
        recipientEmail: values.recipientEmail.trim(),
        ...(name ? { recipientName: name } : {}),
        reason: values.reason.trim(),
      });
      setIssued(`Tarjeta ···· ${card.last4} de ${formatMoney(card.amount)} emitida: le enviamos el código a ${card.recipientEmail}.`);
      setValues({ amount: '', recipientEmail: '', recipientName: '', reason: '' });
      onIssued();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Emitir tarjeta regalo" onClose={onClose}>
      <FormStack aria-label="Emitir tarjeta regalo" noValidate onSubmit={(event) => void submit(event)}>
        <FormField id={`${id}-amount`} label={`Monto (${cinemaInfo().currency})`} error={errors.amount}>
          <TextInput name="amount" inputMode="decimal" value={values.amount} onChange={set('amount')} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-email`} label="Correo de quien la recibe" error={errors.recipientEmail}>
          <TextInput name="recipientEmail" type="email" value={values.recipientEmail} onChange={set('recipientEmail')} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-name`} label="Su nombre (opcional)">
          <TextInput name="recipientName" value={values.recipientName} onChange={set('recipientName')} autoComplete="off" maxLength={80} />
        </FormField>
        <FormField id={`${id}-reason`} label="Motivo" error={errors.reason}>
          <TextArea name="reason" value={values.reason} onChange={set('reason')} maxLength={300} />
        </FormField>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {issued && <SuccessMessage>{issued}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Emitiendo…' : 'Emitir'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

function VoidDialog({ token, card, onVoided, onClose }: { token: string; card: GiftCardView; onVoided: () => void; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Escribe por qué se anula.');
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await voidGiftCard(token, card.id, reason.trim());
      onVoided();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Anular tarjeta ···· ${card.last4}`} onClose={onClose}>
      <FormStack aria-label={`Anular tarjeta ···· ${card.last4}`} noValidate onSubmit={(event) => void submit(event)}>
        <p>Se anula el saldo que le queda ({formatMoney(card.balance)}): ya no se podrá usar. Esta acción no se puede deshacer.</p>
        <FormField id={`${id}-reason`} label="Motivo">
          <TextArea name="reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <Button type="submit" $variant="danger" aria-disabled={busy || undefined}>
          {busy ? 'Anulando…' : 'Anular tarjeta'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

const LEDGER_COLUMNS: Column<GiftCardLedgerEntry>[] = [
  { label: 'Fecha', cell: (entry) => instantLabel(entry.at) },
  { label: 'Movimiento', cell: (entry) => ENTRY_LABELS[entry.kind] },
  { label: 'Monto', numeric: true, cell: (entry) => (entry.amount < 0 ? `− ${formatMoney(-entry.amount)}` : formatMoney(entry.amount)) },
  { label: 'Saldo', numeric: true, cell: (entry) => formatMoney(entry.balance) },
  {
    label: 'Detalle',
    cell: (entry) => (
      <>
        {entry.orderId && <OrderLink orderId={entry.orderId} />}
        {entry.reason && <CellNote>{entry.reason}</CellNote>}
      </>
    ),
  },
];

function LedgerDialog({ token, card, onClose }: { token: string; card: GiftCardView; onClose: () => void }) {
  const ledger = useAsyncData(() => fetchGiftCardLedger(token, card.id), card.id);
  return (
    <Dialog title={`Movimientos de ···· ${card.last4}`} onClose={onClose} wide>
      <AsyncList
        state={ledger}
        loading="Cargando movimientos…"
        failed="No se pudieron cargar los movimientos."
        empty="La tarjeta no tiene movimientos."
      >
        {(entries) => (
          <RecordTable
            label={`Movimientos de ···· ${card.last4}`}
            columns={LEDGER_COLUMNS}
            rows={entries}
            rowKey={(entry, index) => `${entry.at}-${index}`}
          />
        )}
      </AsyncList>
    </Dialog>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;
