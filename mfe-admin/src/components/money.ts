/** Cents as the admin tables show money: 'US$ 12.50'. */
export function formatMoney(cents: number): string {
  return `US$ ${(cents / 100).toFixed(2)}`;
}
