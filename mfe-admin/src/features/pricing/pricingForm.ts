import {
  MAX_PRICE_CENTS,
  SHOW_TYPES,
  TICKET_TYPE_CODE_PATTERN,
  type PriceCard,
  type PriceCardInput,
  type ShowType,
  type Surcharges,
  type TicketType,
  type Weekday,
} from '@cine/contracts';
import { SURCHARGE_CATEGORIES } from '../../api/pricing';

export const MESSAGES = {
  codeMissing: 'Por favor ingresa un código *',
  codeInvalid: 'El código debe tener de 2 a 24 letras minúsculas, números o guiones (por ejemplo jubilado).',
  nameMissing: 'Por favor ingresa un nombre *',
  descriptionTooLong: 'La descripción puede tener hasta 200 caracteres.',
  priorityInvalid: 'La prioridad debe ser un número entero de 0 a 1000.',
  timesReversed: "El horario 'desde' debe ser anterior al horario 'hasta'.",
  datesIncomplete: 'Indica las dos fechas del período, o ninguna.',
  datesReversed: "La fecha 'desde' debe ser anterior o igual a la fecha 'hasta'.",
  priceInvalid: 'El precio debe ser un monto de $ 0 a $ 100.000 (por ejemplo 9,50).',
  noPrices: 'Indica el precio de al menos un tipo de entrada.',
  amountInvalid: 'El recargo debe ser un monto de $ 0 a $ 100.000 (por ejemplo 2,00).',
} as const;

/** An amount typed in pesos ('9', '9.50', '9,50') in cents, or undefined when it is not one from 0 to MAX_PRICE_CENTS. */
export function pesosToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return undefined;
  const cents = Math.round(Number(trimmed.replace(',', '.')) * 100);
  return cents <= MAX_PRICE_CENTS ? cents : undefined;
}

/** Cents as the amount fields show them ('9,50'), the way the site writes money. */
export function centsToPesos(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

// Ticket types

export interface TicketTypeFormValues {
  code: string;
  name: string;
  description: string;
  requiresId: boolean;
  active: boolean;
}
export type TicketTypeFormErrors = Partial<Record<'code' | 'name' | 'description', string>>;

export const emptyTicketTypeForm: TicketTypeFormValues = { code: '', name: '', description: '', requiresId: false, active: true };

const CODE = new RegExp(TICKET_TYPE_CODE_PATTERN);

export function validateTicketTypeForm(values: TicketTypeFormValues): TicketTypeFormErrors {
  const errors: TicketTypeFormErrors = {};
  const code = values.code.trim();
  if (code === '') errors.code = MESSAGES.codeMissing;
  else if (!CODE.test(code)) errors.code = MESSAGES.codeInvalid;
  if (values.name.trim() === '') errors.name = MESSAGES.nameMissing;
  if (values.description.trim().length > 200) errors.description = MESSAGES.descriptionTooLong;
  return errors;
}

export function toTicketType(values: TicketTypeFormValues): TicketType {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    requiresId: values.requiresId,
    active: values.active,
  };
}

// Price cards

export interface PriceCardFormValues {
  name: string;
  priority: string;
  weekdays: Weekday[];
  /** 'HH:MM' or '' (no bound). */
  from: string;
  to: string;
  formats: ShowType[];
  /** 'yyyy-mm-dd' or '' (both or neither). */
  datesFrom: string;
  datesTo: string;
  /** Each type's price in pesos as typed; '' when the card does not sell it. */
  prices: Record<string, string>;
}
export type PriceCardFormErrors = Partial<Record<'name' | 'priority' | 'from' | 'datesFrom' | 'prices', string>> & {
  /** By type code. */
  typePrices?: Record<string, string>;
};

export const emptyPriceCardForm: PriceCardFormValues = {
  name: '',
  priority: '0',
  weekdays: [],
  from: '',
  to: '',
  formats: [],
  datesFrom: '',
  datesTo: '',
  prices: {},
};

export function priceCardForm(card: PriceCard): PriceCardFormValues {
  const { rules } = card;
  return {
    name: card.name,
    priority: String(card.priority),
    weekdays: [...(rules.weekdays ?? [])],
    from: rules.from ?? '',
    to: rules.to ?? '',
    formats: [...(rules.formats ?? [])],
    datesFrom: rules.dates?.from ?? '',
    datesTo: rules.dates?.to ?? '',
    prices: Object.fromEntries(Object.entries(card.prices).map(([code, cents]) => [code, centsToPesos(cents)])),
  };
}

export function validatePriceCardForm(values: PriceCardFormValues): PriceCardFormErrors {
  const errors: PriceCardFormErrors = {};
  if (values.name.trim() === '') errors.name = MESSAGES.nameMissing;
  const priority = Number(values.priority.trim());
  if (values.priority.trim() === '' || !Number.isInteger(priority) || priority < 0 || priority > 1000)
    errors.priority = MESSAGES.priorityInvalid;
  if (values.from && values.to && values.from >= values.to) errors.from = MESSAGES.timesReversed;
  if (Boolean(values.datesFrom) !== Boolean(values.datesTo)) errors.datesFrom = MESSAGES.datesIncomplete;
  else if (values.datesFrom && values.datesFrom > values.datesTo) errors.datesFrom = MESSAGES.datesReversed;
  const typed = Object.entries(values.prices).filter(([, text]) => text.trim() !== '');
  const typePrices = Object.fromEntries(
    typed.filter(([, text]) => pesosToCents(text) === undefined).map(([code]) => [code, MESSAGES.priceInvalid]),
  );
  if (Object.keys(typePrices).length > 0) errors.typePrices = typePrices;
  else if (typed.length === 0) errors.prices = MESSAGES.noPrices;
  return errors;
}

/** The body booking takes (valid values: validatePriceCardForm passed); a rule left blank is left out. */
export function toPriceCardInput(values: PriceCardFormValues): PriceCardInput {
  const prices: Record<string, number> = {};
  for (const [code, text] of Object.entries(values.prices)) {
    const cents = text.trim() === '' ? undefined : pesosToCents(text);
    if (cents !== undefined) prices[code] = cents;
  }
  return {
    name: values.name.trim(),
    priority: Number(values.priority.trim()),
    prices,
    rules: {
      ...(values.weekdays.length > 0 ? { weekdays: values.weekdays } : {}),
      ...(values.from ? { from: values.from } : {}),
      ...(values.to ? { to: values.to } : {}),
      ...(values.formats.length > 0 ? { formats: values.formats } : {}),
      ...(values.datesFrom && values.datesTo ? { dates: { from: values.datesFrom, to: values.datesTo } } : {}),
    },
  };
}

/** A card's rules in words: 'Miércoles · desde 15:00 · 3D · del 2026-12-01 al 2026-12-31'; 'Siempre' without rules. */
export function rulesSummary(rules: PriceCard['rules']): string {
  const parts: string[] = [];
  if (rules.weekdays) parts.push(rules.weekdays.join(', '));
  if (rules.from && rules.to) parts.push(`de ${rules.from} a ${rules.to}`);
  else if (rules.from) parts.push(`desde ${rules.from}`);
  else if (rules.to) parts.push(`antes de ${rules.to}`);
  if (rules.formats) parts.push(rules.formats.join(', '));
  if (rules.dates) parts.push(`del ${rules.dates.from} al ${rules.dates.to}`);
  return parts.length === 0 ? 'Siempre' : parts.join(' · ');
}

// Surcharges

export interface SurchargesFormValues {
  formats: Record<string, string>;
  categories: Record<string, string>;
}
export interface SurchargesFormErrors {
  formats?: Record<string, string>;
  categories?: Record<string, string>;
}

export function surchargesForm(surcharges: Surcharges): SurchargesFormValues {
  const typed = (amounts: Record<string, number>, keys: readonly string[]) =>
    Object.fromEntries(keys.map((key) => [key, amounts[key] === undefined ? '' : centsToPesos(amounts[key])]));
  return { formats: typed(surcharges.formats, SHOW_TYPES), categories: typed(surcharges.categories, SURCHARGE_CATEGORIES) };
}

export function validateSurchargesForm(values: SurchargesFormValues): SurchargesFormErrors {
  const wrong = (amounts: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(amounts)
        .filter(([, text]) => text.trim() !== '' && pesosToCents(text) === undefined)
        .map(([key]) => [key, MESSAGES.amountInvalid]),
    );
  const errors: SurchargesFormErrors = {};
  const formats = wrong(values.formats);
  const categories = wrong(values.categories);
  if (Object.keys(formats).length > 0) errors.formats = formats;
  if (Object.keys(categories).length > 0) errors.categories = categories;
  return errors;
}

/** The surcharges booking takes: a blank or zero amount is no surcharge. */
export function toSurcharges(values: SurchargesFormValues): Surcharges {
  const amounts = (typed: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(typed)
        .map(([key, text]) => [key, text.trim() === '' ? 0 : (pesosToCents(text) ?? 0)] as const)
        .filter(([, cents]) => cents > 0),
    );
  return { formats: amounts(values.formats), categories: amounts(values.categories) };
}
