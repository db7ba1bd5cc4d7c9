import { PASS_FORMATS, type PassFormat, type PassPlanInput, type PassPlanView } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import { cinemaInfo, createPassPlan, errorMessage, fetchPassPlans, formatMoney, updatePassPlan, useAsyncData } from '@cine/web-kit';
import { Button, ChoiceGroup, Dialog, NumberInput, TextArea, TextInput } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { CellNote, Toolbar } from '../../../components/DataTable';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { RecordTable, type Column } from '../../../components/RecordTable';

/** The Cine Pase's plans: every plan, on sale or not; create one, edit one. */
export function PlansPart({ token }: { token: string }) {
  const [version, setVersion] = useState(0);
  const plans = useAsyncData(() => fetchPassPlans(token, true), `${token}|${version}`);
  const [editing, setEditing] = useState<PassPlanView | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const columns: Column<PassPlanView>[] = [
    {
      label: 'Plan',
      cell: (plan) => (
        <>
          {plan.name}
          {plan.description && <CellNote>{plan.description}</CellNote>}
        </>
      ),
    },
    { label: 'Precio mensual', numeric: true, cell: (plan) => formatMoney(plan.monthlyPrice) },
    { label: 'Entradas por mes', numeric: true, cell: (plan) => plan.ticketsPerMonth },
    { label: 'Formatos', cell: (plan) => plan.formats.join(', ') },
    { label: 'Estado', cell: (plan) => (plan.active ? 'A la venta' : 'No se vende') },
    {
      label: 'Acciones',
      cell: (plan) => (
        <Button type="button" $variant="secondary" aria-label={`Editar ${plan.name}`} onClick={() => setEditing(plan)}>
          Editar
        </Button>
      ),
    },
  ];
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
        {(rows) => <RecordTable label="Planes de Cine Pase" columns={columns} rows={rows} rowKey={(plan) => plan.id} />}
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
        <ChoiceGroup $row aria-describedby={errors.formats ? `${id}-formats-error` : undefined}>
          <legend>Formatos incluidos</legend>
          {PASS_FORMATS.map((format) => (
            <label key={format}>
              <input type="checkbox" checked={values.formats.includes(format)} onChange={() => toggleFormat(format)} /> {format}
            </label>
          ))}
          {errors.formats && <ErrorMessage id={`${id}-formats-error`}>{errors.formats}</ErrorMessage>}
        </ChoiceGroup>
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
