/** The cinema's share of a sale (T.Neto), spec §9. */
const NET_SHARE = 0.6;

/** 60 % of an amount in cents, rounded to the cent. */
export function netPriceOf(totalPrice: number): number {
  return Math.round(totalPrice * NET_SHARE);
}

/** The sum of a field over rows. */
export function sumOf<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((total, row) => total + value(row), 0);
}
