/** Lowercase, without accents or surrounding spaces: 'Acción ' and 'accion' share one key. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The mailbox an address reaches, for per-mailbox limits (the newsletter's confirmations, identity's
 * recovery codes): lower-case, with the plus-part of its local part stripped (`Ana+promo@x.com` is
 * `ana@x.com`), so plus-address variants cannot each get their own mail.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}
