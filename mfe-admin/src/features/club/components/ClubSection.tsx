import {
  PASS_FORMATS,
  PASS_STATUS_NAMES,
  pointsValue,
  type ClubMemberView,
  type PassFormat,
  type PassPlanInput,
  type PassPlanView,
  type RenewalOutcome,
} from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  adjustClubPoints,
  cinemaInfo,
  createPassPlan,
  errorMessage,
  fetchClubRenewals,
  fetchPassPlans,
  formatMoney,
  instantLabel,
  pointsText,
  searchClubMembers,
  updatePassPlan,
  useAsyncData,
} from '@cine/web-kit';
import { AsyncContent, Button, Dialog, NumberInput, TextArea, TextInput } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { Table, TableCard, Toolbar } from '../../../components/DataTable';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { SearchBar } from '../../../components/SearchBar';

const OUTCOME_LABELS: Record<RenewalOutcome, string> = {
  charged: 'Cobrada',
  declined: 'Rechazada',
  lapsed: 'Vencido',
  ended: 'Terminado',
  failed: 'Falló',
};

/**
 * Issue 41, 'Cine Club' (the chain's, its admin's): the Cine Pase's plans (create, edit), the members searched
 * by e-mail or name with a correction of their points (with its reason, audited), and the renewal job's last
 * runs and the renewals they made. A chunk of its own, fetched when opened.
 */
export default function ClubSection({ token }: { token: string }) {
  return (
    <Parts>
      <PlansPart token={token} />
      <MembersPart token={token} />
      <RenewalsPart token={token} />
    </Parts>
  );
}

function PlansPart({ token }: { token: string }) {
  const [version, setVersion] = useState(0);
  const plans = useAsyncData(() => fetchPassPlans(token, true), `${token}|${version}`);
  const [editing, setEditing] = useState<PassPlanView | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section aria-labelledby="club-plans-title">
      <h3 id="club-plans-title">Planes de Cine Pase</h3>
      <Toolbar>
        <Button type="button" onClick={() => setEditing('new')}>
          Nuevo plan
        </Button>
      </Toolbar>
      {saved && <SuccessMessage>{saved}</SuccessMessage>}
      <AsyncList state={plans} loading="Cargando planes…" failed="No se pudieron cargar los planes." empty="Todavía no hay planes.">
        {(rows) => (
          <TableCard>
            <Table aria-label="Planes de Cine Pase">
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Precio mensual</th>
                  <th scope="col">Entradas por mes</th>
                  <th scope="col">Formatos</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((plan) => (
                  <tr key={plan.id}>
                    <td>
                      {plan.name}
                      {plan.description && <Small>{plan.description}</Small>}
                    </td>
                    <td className="number">{formatMoney(plan.monthlyPrice)}</td>
                    <td className="number">{plan.ticketsPerMonth}</td>
                    <td>{plan.formats.join(', ')}</td>
                    <td>{plan.active ? 'A la venta' : 'No se vende'}</td>
                    <td>
                      <Button type="button" $variant="secondary" aria-label={`Editar ${plan.name}`} onClick={() => setEditing(plan)}>
                        Editar
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableCard>
        )}
      </AsyncList>
      {editing && (
        <PlanDialog
          token={token}
          plan={editing === 'new' ? null : editing}
          onSaved={(plan, created) => {
            setEditing(null);
            setSaved(created ? `Plan «${plan.name}» creado.` : `Plan «${plan.name}» guardado.`);
            setVersion((n) => n + 1);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

interface PlanValues {
  name: string;
  monthlyPrice: string;
  ticketsPerMonth: string;
  formats: PassFormat[];
  description: string;
  active: boolean;
}

const PLAN_MESSAGES = {
  name: 'Escribe un nombre de 2 a 60 caracteres.',
  monthlyPrice: 'Escribe un precio mensual de al menos $ 1,00.',
  ticketsPerMonth: 'Escribe de 1 a 31 entradas por mes.',
  formats: 'Elige al menos un formato.',
} as const;

/** The body of POST/PUT /club/plans from the form, or the errors of its fields. */
function planInputOf(values: PlanValues): { input: PassPlanInput } | { errors: Partial<Record<keyof PlanValues, string>> } {
  const errors: Partial<Record<keyof PlanValues, string>> = {};
  const name = values.name.trim();
  const priceText = values.monthlyPrice.trim();
  const monthlyPrice = /^\d{1,7}([.,]\d{1,2})?$/.test(priceText) ? Math.round(Number(priceText.replace(',', '.')) * 100) : 0;
  const ticketsPerMonth = Number(values.ticketsPerMonth);
  if (name.length < 2 || name.length > 60) errors.name = PLAN_MESSAGES.name;
  if (monthlyPrice < 100 || monthlyPrice > 1_000_000) errors.monthlyPrice = PLAN_MESSAGES.monthlyPrice;
  if (!Number.isInteger(ticketsPerMonth) || ticketsPerMonth < 1 || ticketsPerMonth > 31)
    errors.ticketsPerMonth = PLAN_MESSAGES.ticketsPerMonth;
  if (values.formats.length === 0) errors.formats = PLAN_MESSAGES.formats;
  if (Object.keys(errors).length > 0) return { errors };
  const description = values.description.trim();
  return {
    input: { name, monthlyPrice, ticketsPerMonth, formats: values.formats, ...(description ? { description } : {}), active: values.active },
  };
}

function PlanDialog({
  token,
  plan,
  onSaved,
  onClose,
}: {
  token: string;
  plan: PassPlanView | null;
  onSaved: (plan: PassPlanView, created: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<PlanValues>(() => ({
    name: plan?.name ?? '',
    monthlyPrice: plan ? (plan.monthlyPrice / 100).toFixed(2).replace('.', ',') : '',
    ticketsPerMonth: plan ? String(plan.ticketsPerMonth) : '',
    formats: plan ? [...plan.formats] : ['2D'],
    description: plan?.description ?? '',
    active: plan?.active ?? true,
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof PlanValues, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: 'name' | 'monthlyPrice' | 'ticketsPerMonth' | 'description') => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggleFormat = (format: PassFormat) =>
    setValues((current) => ({
      ...current,
      formats: current.formats.includes(format)
        ? current.formats.filter((one) => one !== format)
        : PASS_FORMATS.filter((one) => one === format || current.formats.includes(one)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const checked = planInputOf(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (busy) return;
    setBusy(true);
    try {
      const answer = plan ? await updatePassPlan(token, plan.id, checked.input) : await createPassPlan(token, checked.input);
      onSaved(answer, !plan);
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(false);
    }
  };

  const title = plan ? `Editar plan ${plan.name}` : 'Nuevo plan de Cine Pase';
  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void submit(event)}>
        <FormField id={`${id}-name`} label="Nombre" error={errors.name}>
          <TextInput name="name" value={values.name} onChange={set('name')} maxLength={60} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-price`} label={`Precio mensual (${cinemaInfo().currency})`} error={errors.monthlyPrice}>
          <TextInput
            name="monthlyPrice"
            inputMode="decimal"
            value={values.monthlyPrice}
            onChange={set('monthlyPrice')}
            autoComplete="off"
          />
        </FormField>
        <FormField id={`${id}-tickets`} label="Entradas por mes" error={errors.ticketsPerMonth}>
          <NumberInput name="ticketsPerMonth" min={1} max={31} value={values.ticketsPerMonth} onChange={set('ticketsPerMonth')} />
        </FormField>
        <Formats aria-describedby={errors.formats ? `${id}-formats-error` : undefined}>
          <legend>Formatos incluidos</legend>
          {PASS_FORMATS.map((format) => (
            <label key={format}>
              <input type="checkbox" checked={values.formats.includes(format)} onChange={() => toggleFormat(format)} /> {format}
            </label>
          ))}
          {errors.formats && <ErrorMessage id={`${id}-formats-error`}>{errors.formats}</ErrorMessage>}
        </Formats>
        <FormField id={`${id}-description`} label="Descripción (opcional)">
          <TextArea name="description" value={values.description} onChange={set('description')} maxLength={300} />
        </FormField>
        <label>
          <input
            type="checkbox"
            checked={values.active}
            onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
          />{' '}
          A la venta
        </label>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : plan ? 'Guardar plan' : 'Crear plan'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

function MembersPart({ token }: { token: string }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [pages, setPages] = useState(1);
  const members = useAsyncData(async () => {
    const found = await searchClubMembers(token, query, page);
    setPages(Math.max(1, Math.ceil(found.total / found.pageSize)));
    return found.items;
  }, `${token}|${query}|${page}|${version}`);
  const search = (text: string) => {
    setQuery(text);
    setPage(1);
  };
  const [adjusting, setAdjusting] = useState<ClubMemberView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="club-members-title">
      <h3 id="club-members-title">Socios</h3>
      <Toolbar>
        <SearchBar
          placeholder="Buscar por correo o nombre..."
          onSearch={search}
          onShowAll={() => (query ? search('') : setVersion((n) => n + 1))}
        />
      </Toolbar>
      {done && <SuccessMessage>{done}</SuccessMessage>}
      <AsyncList
        state={members}
        loading="Cargando socios…"
        failed="No se pudieron cargar los socios."
        empty={query ? `No hay socios que coincidan con «${query}».` : 'Todavía no hay socios.'}
      >
        {(rows) => (
          <TableCard>
            <Table aria-label="Socios de Cine Club">
              <thead>
                <tr>
                  <th scope="col">Socio</th>
                  <th scope="col">Nivel</th>
                  <th scope="col">Visitas</th>
                  <th scope="col">Puntos</th>
                  <th scope="col">Cine Pase</th>
                  <th scope="col">Socio desde</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((member) => (
                  <tr key={member.userId}>
                    <td>
                      {member.name ?? member.email ?? member.userId}
                      {member.name && member.email && <Small>{member.email}</Small>}
                    </td>
                    <td>{member.tier}</td>
                    <td className="number">{member.visits}</td>
                    <td className="number">
                      {member.points}
                      {member.debt > 0 && <Small>Debe {pointsText(member.debt)}</Small>}
                    </td>
                    <td>{member.passStatus ? PASS_STATUS_NAMES[member.passStatus] : '—'}</td>
                    <td>{instantLabel(member.joinedAt)}</td>
                    <td>
                      <Button
                        type="button"
                        $variant="secondary"
                        aria-label={`Ajustar puntos de ${member.email ?? member.name ?? member.userId}`}
                        onClick={() => setAdjusting(member)}
                      >
                        Ajustar puntos
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableCard>
        )}
      </AsyncList>
      {pages > 1 && (
        <Pager aria-label="Páginas de socios">
          <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anteriores
          </Button>
          <span>
            Página {page} de {pages}
          </span>
          <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Siguientes
          </Button>
        </Pager>
      )}
      {adjusting && (
        <AdjustDialog
          token={token}
          member={adjusting}
          onAdjusted={(text) => {
            setAdjusting(null);
            setDone(text);
            setVersion((n) => n + 1);
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
  const who = member.email ?? member.name ?? member.userId;

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
    try {
      const answer = await adjustClubPoints(token, member.userId, { points: amount, reason: reason.trim() });
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

function RenewalsPart({ token }: { token: string }) {
  const report = useAsyncData(() => fetchClubRenewals(token), token);
  return (
    <section aria-labelledby="club-renewals-title">
      <h3 id="club-renewals-title">Renovaciones del Cine Pase</h3>
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={report.reload}>
          Actualizar
        </Button>
      </Toolbar>
      <AsyncContent data={report} loading="Cargando renovaciones…" failed="No se pudieron cargar las renovaciones.">
        {({ job, runs, renewals }) => (
          <>
            <p>
              La renovación corre cada {Math.round(job.everyMs / 60_000)} min.
              {job.lastRunAt && ` Última: ${instantLabel(job.lastRunAt)}.`}
              {job.nextRunAt && ` Próxima: ${instantLabel(job.nextRunAt)}.`}
            </p>
            {runs.length === 0 ? (
              <p>La renovación todavía no corrió.</p>
            ) : (
              <TableCard>
                <Table aria-label="Últimas corridas de la renovación">
                  <thead>
                    <tr>
                      <th scope="col">Inicio</th>
                      <th scope="col">Fin</th>
                      <th scope="col">Vencidos</th>
                      <th scope="col">Cobrados</th>
                      <th scope="col">Rechazados</th>
                      <th scope="col">Caducados</th>
                      <th scope="col">Terminados</th>
                      <th scope="col">Fallidos</th>
                    </tr>
                  </thead>
                  <tbody>
                    {runs.map((run) => (
                      <tr key={run.startedAt}>
                        <td>{instantLabel(run.startedAt)}</td>
                        <td>{run.finishedAt ? instantLabel(run.finishedAt) : 'En curso'}</td>
                        <td className="number">{run.due}</td>
                        <td className="number">{run.charged}</td>
                        <td className="number">{run.declined}</td>
                        <td className="number">{run.lapsed}</td>
                        <td className="number">{run.ended}</td>
                        <td className="number">{run.failed}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableCard>
            )}
            {renewals.length > 0 && (
              <TableCard>
                <Table aria-label="Renovaciones">
                  <thead>
                    <tr>
                      <th scope="col">Fecha</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Período</th>
                      <th scope="col">Monto</th>
                      <th scope="col">Resultado</th>
                      <th scope="col">Intentos</th>
                    </tr>
                  </thead>
                  <tbody>
                    {renewals.map((renewal) => (
                      <tr key={`${renewal.passId}:${renewal.period}`}>
                        <td>{instantLabel(renewal.at)}</td>
                        <td>{renewal.planName}</td>
                        <td>{renewal.period}</td>
                        <td className="number">{formatMoney(renewal.amount)}</td>
                        <td>
                          {OUTCOME_LABELS[renewal.outcome]}
                          {renewal.reason && <Small>{renewal.reason}</Small>}
                        </td>
                        <td className="number">{renewal.attempts}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableCard>
            )}
          </>
        )}
      </AsyncContent>
    </section>
  );
}

const Parts = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2rem;

  h3 {
    margin: 0 0 0.75rem;
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-top: 0.75rem;
`;

const Formats = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0;
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 8px;

  legend {
    font-weight: 600;
  }
`;

const Small = styled.small`
  display: block;
  color: var(--cine-muted, #a6a6bb);
`;
