/**
 * The one money format of the site (web apps and the receipt mail): amounts travel as integer
 * cents and are shown with `Intl.NumberFormat` in the cinema's locale and currency.
 */

/** How the cinema writes money: a BCP 47 locale and an ISO 4217 currency. */
export interface MoneyFormat {
  locale: string;
  currency: string;
}

export const DEFAULT_MONEY_FORMAT: MoneyFormat = { locale: 'es-AR', currency: 'ARS' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf({ locale, currency }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 1250 cents → '$ 12,50' (es-AR, ARS); 'US$ 12.50' with { locale: 'es-US', currency: 'USD' } and so on. */
export function formatMoney(cents: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return formatterOf(format).format(Math.trunc(cents) / 100);
}

/** True when `Intl` accepts the locale and currency (a typo in the configuration is found at start, not on a page). */
export function isMoneyFormat(format: MoneyFormat): boolean {
  try {
    formatterOf(format);
    return /^[A-Z]{3}$/.test(format.currency);
  } catch {
    return false;
  }
}
