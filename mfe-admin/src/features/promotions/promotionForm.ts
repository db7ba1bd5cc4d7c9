import {
  PROMO_CODE_PATTERN,
  promotionFieldsProblem,
  SHOW_TYPES,
  weekdays,
  type PromotionAppliesTo,
  type PromotionFields,
  type PromotionInput,
  type PromotionKind,
  type PromotionView,
  type Weekday,
} from '@cine/contracts';

/** The Promociones form as typed: money in the cinema's currency ('2500,50'), a percent as a number, lists as checks. */
export interface PromotionFormValues {
  code: string;
  name: string;
  kind: PromotionKind;
  value: string;
  ticketTypes: string[];
  formats: string[];
  cinemaIds: string[];
  /** The movies it applies to (none: every movie). */
  movieIds: string[];
  weekdays: string[];
  from: string;
  to: string;
  timeFrom: string;
  timeTo: string;
  minTickets: string;
  maxTicketsPerOrder: string;
  limitTotal: string;
  limitPerUser: string;
  active: boolean;
}

export type PromotionFormErrors = Partial<Record<keyof PromotionFormValues | 'form', string>>;

export const KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'Porcentaje de descuento',
  amount: 'Monto de descuento por entrada',
  fixedPrice: 'Precio fijo de la entrada',
};

export const PROMOTION_FORM_MESSAGES = {
  code: 'Escribe un código de 4 a 32 letras, números o guiones.',
  name: 'Escribe el nombre que ve el comprador.',
  value: 'Escribe un valor mayor que cero.',
  whole: 'Escribe un número entero mayor que cero.',
} as const;

export const emptyPromotionForm: PromotionFormValues = {
  code: '',
  name: '',
  kind: 'percent',
  value: '',
  ticketTypes: [],
  formats: [],
  cinemaIds: [],
  movieIds: [],
  weekdays: [],
  from: '',
  to: '',
  timeFrom: '',
  timeTo: '',
  minTickets: '',
  maxTicketsPerOrder: '',
  limitTotal: '',
  limitPerUser: '',
  active: true,
};

const CODE = new RegExp(PROMO_CODE_PATTERN);
const MONEY = /^\d{1,7}([.,]\d{1,2})?$/;
const WHOLE = /^[1-9]\d*$/;

const moneyText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const wholeText = (value: number | undefined) => (value === undefined ? '' : String(value));

export function promotionFormFrom(promotion: PromotionView): PromotionFormValues {
  const rules = promotion.appliesTo;
  return {
    code: promotion.code,
    name: promotion.name,
    kind: promotion.kind,
    value: promotion.kind === 'percent' ? String(promotion.value) : moneyText(promotion.value),
    ticketTypes: [...(rules.ticketTypes ?? [])],
    formats: [...(rules.formats ?? [])],
    cinemaIds: [...(rules.cinemaIds ?? [])],
    movieIds: [...(rules.movieIds ?? [])],
    weekdays: [...(rules.weekdays ?? [])],
    from: rules.from ?? '',
    to: rules.to ?? '',
    timeFrom: rules.timeFrom ?? '',
    timeTo: rules.timeTo ?? '',
    minTickets: wholeText(promotion.minTickets),
    maxTicketsPerOrder: wholeText(promotion.maxTicketsPerOrder),
    limitTotal: wholeText(promotion.limits.total),
    limitPerUser: wholeText(promotion.limits.perUser),
    active: promotion.active,
  };
}

/** The value in the body's unit: a percent as typed, money in cents. */
function valueOf(values: PromotionFormValues): number | null {
  const text = values.value.trim();
  if (values.kind === 'percent') return WHOLE.test(text) ? Number(text) : null;
  return MONEY.test(text) ? Math.round(Number(text.replace(',', '.')) * 100) : null;
}

const wholeOf = (text: string) => (text.trim() ? Number(text.trim()) : undefined);

/** The body's fields (PUT /promotions/{code}); a rule left empty is left out (it matches everything). */
export function toPromotionFields(values: PromotionFormValues): PromotionFields {
  const appliesTo: PromotionAppliesTo = {
    ...(values.ticketTypes.length ? { ticketTypes: values.ticketTypes } : {}),
    ...(values.formats.length ? { formats: values.formats as (typeof SHOW_TYPES)[number][] } : {}),
    ...(values.movieIds.length ? { movieIds: values.movieIds } : {}),
    ...(values.cinemaIds.length ? { cinemaIds: values.cinemaIds } : {}),
    ...(values.weekdays.length ? { weekdays: weekdays.filter((day) => values.weekdays.includes(day)) as Weekday[] } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.timeFrom ? { timeFrom: values.timeFrom } : {}),
    ...(values.timeTo ? { timeTo: values.timeTo } : {}),
  };
  const minTickets = wholeOf(values.minTickets);
  const maxTicketsPerOrder = wholeOf(values.maxTicketsPerOrder);
  const total = wholeOf(values.limitTotal);
  const perUser = wholeOf(values.limitPerUser);
  return {
    name: values.name.trim(),
    kind: values.kind,
    value: valueOf(values) ?? 0,
    appliesTo,
    ...(minTickets !== undefined ? { minTickets } : {}),
    ...(maxTicketsPerOrder !== undefined ? { maxTicketsPerOrder } : {}),
    limits: { ...(total !== undefined ? { total } : {}), ...(perUser !== undefined ? { perUser } : {}) },
    active: values.active,
  };
}

export function toPromotionInput(values: PromotionFormValues): PromotionInput {
  return { code: values.code.trim().toUpperCase(), ...toPromotionFields(values) };
}

/**
 * What the form refuses before asking the server: each field's format, then what the service refuses too
 * (contracts' promotionFieldsProblem: a percent beyond 1–100, dates or times reversed), as the form's message.
 */
export function validatePromotionForm(values: PromotionFormValues): PromotionFormErrors {
  const errors: PromotionFormErrors = {};
  if (!CODE.test(values.code.trim())) errors.code = PROMOTION_FORM_MESSAGES.code;
  if (!values.name.trim()) errors.name = PROMOTION_FORM_MESSAGES.name;
  const value = valueOf(values);
  if (value === null || value <= 0)
    errors.value = values.kind === 'percent' ? PROMOTION_FORM_MESSAGES.whole : PROMOTION_FORM_MESSAGES.value;
  for (const field of ['minTickets', 'maxTicketsPerOrder', 'limitTotal', 'limitPerUser'] as const) {
    if (values[field].trim() && !WHOLE.test(values[field].trim())) errors[field] = PROMOTION_FORM_MESSAGES.whole;
  }
  if (Object.keys(errors).length === 0 || !errors.value) {
    const problem = promotionFieldsProblem(toPromotionFields(values));
    if (problem) errors.form = problem;
  }
  return errors;
}

/** What a row of the list says of the discount: '20 %', '$ 500,00 menos', 'a $ 1.500,00'. */
export function discountText(promotion: Pick<PromotionView, 'kind' | 'value'>, money: (cents: number) => string): string {
  if (promotion.kind === 'percent') return `${promotion.value} %`;
  if (promotion.kind === 'amount') return `${money(promotion.value)} menos`;
  return `a ${money(promotion.value)}`;
}
