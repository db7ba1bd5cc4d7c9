/**
 * Amounts travel as integer cents; the display puts the decimal point before the last two
 * digits (1250 → '12.50', 5 → '0.05'), with integer arithmetic so no rounding creeps in.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
