import { PASS_STATUS_NAMES, pointsValue, type ClubAdjustRequest, type ClubMemberView } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import { adjustClubPoints, errorMessage, formatMoney, instantLabel, pointsText, searchClubMembers, useAsyncData } from '@cine/web-kit';
import { Button, Dialog, TextArea, TextInput } from '@cine/web-kit/ui';
import { CellNote, Toolbar } from '../../../components/DataTable';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { PagedTable } from '../../../components/PagedTable';
import type { Column } from '../../../components/RecordTable';
import { SearchBar } from '../../../components/SearchBar';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { useSearchPages } from '../../../hooks/useSearchPages';

/** How the admin names a member: their e-mail, else their name, else their id. */
const whoIs = (member: ClubMemberView) => member.email ?? member.name ?? member.userId;

/** The members, searched by e-mail or name, page by page; a correction of a member's points with its reason. */
export function MembersPart({ token }: { token: string }) {
  const search = useSearchPages();
  const members = useAsyncData(() => searchClubMembers(token, search.query, search.page), `${token}|${search.key}`);
  const [adjusting, setAdjusting] = useState<ClubMemberView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const columns: Column<ClubMemberView>[] = [
    {
      label: 'Socio',
      cell: (member) => (
        <>
          {member.name ?? member.email ?? member.userId}
          {member.name && member.email && <CellNote>{member.email}</CellNote>}
        </>
      ),
    },
    { label: 'Nivel', cell: (member) => member.tier },
    { label: 'Visitas', numeric: true, cell: (member) => member.visits },
    {
      label: 'Puntos',
      numeric: true,
      cell: (member) => (
        <>
          {member.points}
          {member.debt > 0 && <CellNote>Debe {pointsText(member.debt)}</CellNote>}
        </>
      ),
    },
    { label: 'Cine Pase', cell: (member) => (member.passStatus ? PASS_STATUS_NAMES[member.passStatus] : '—') },
    { label: 'Socio desde', cell: (member) => instantLabel(member.joinedAt) },
    {
      label: 'Acciones',
      cell: (member) => (
        <Button type="button" $variant="secondary" aria-label={`Ajustar puntos de ${whoIs(member)}`} onClick={() => setAdjusting(member)}>
          Ajustar puntos
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="club-members-title">
      <h3 id="club-members-title">Socios</h3>
      <Toolbar>
        <SearchBar placeholder="Buscar por correo o nombre..." onSearch={search.find} onShowAll={search.showAll} />
      </Toolbar>
      {done && <SuccessMessage>{done}</SuccessMessage>}
      <PagedTable
        label="Socios de Cine Club"
        columns={columns}
        rowKey={(member) => member.userId}
        state={members}
        list={search.list}
        loading="Cargando socios…"
        failed="No se pudieron cargar los socios."
        empty={search.query ? `No hay socios que coincidan con «${search.query}».` : 'Todavía no hay socios.'}
      />
      {adjusting && (
        <AdjustDialog
          token={token}
          member={adjusting}
          onAdjusted={(text) => {
            setAdjusting(null);
            setDone(text);
            search.reload();
          }}
          onClose={() => setAdjusting(null)}
        />
      )}
    </section>
  );
}

const ADJUST_MESSAGES = {
  points: 'Escribe cuántos puntos sumar (o restar, con un signo menos).',
  reason: 'Escribe el motivo (al menos 3 caracteres).',
} as const;

/**
 * A correction of a member's points. Each adjustment carries its idempotency key (issue 41): sent again unchanged
 * (a double click, a retry after a failed answer) it keeps its key and is written once; changed, it is a new one.
 */
function AdjustDialog({
  token,
  member,
  onAdjusted,
  onClose,
}: {
  token: string;
  member: ClubMemberView;
  onAdjusted: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyFor = useIdempotencyKey();
  const who = whoIs(member);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const amount = /^[-−]?\d{1,7}$/.test(points.trim()) ? Number(points.trim().replace('−', '-')) : 0;
    const found: typeof errors = {};
    if (amount === 0) found.points = ADJUST_MESSAGES.points;
    if (reason.trim().length < 3) found.reason = ADJUST_MESSAGES.reason;
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    const adjust: ClubAdjustRequest = { points: amount, reason: reason.trim() };
    try {
      const answer = await adjustClubPoints(token, member.userId, adjust, keyFor(adjust));
      onAdjusted(`Puntos de ${who} ajustados (${amount > 0 ? '+' : ''}${amount}): ahora tiene ${pointsText(answer.member.points)}.`);
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Ajustar puntos de ${who}`} onClose={onClose}>
      <FormStack aria-label={`Ajustar puntos de ${who}`} noValidate onSubmit={(event) => void submit(event)}>
        <p>
          Tiene {pointsText(member.points)} ({formatMoney(pointsValue(member.points))}). El ajuste queda registrado con su motivo y tu
          usuario.
        </p>
        <FormField id={`${id}-points`} label="Puntos (negativo para restar)" error={errors.points}>
          <TextInput
            name="points"
            inputMode="numeric"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField id={`${id}-reason`} label="Motivo" error={errors.reason}>
          <TextArea name="reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
        </FormField>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Ajustando…' : 'Ajustar puntos'}
        </Button>
      </FormStack>
    </Dialog>
  );
}
