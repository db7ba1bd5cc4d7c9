/** Lowercase, without accents or surrounding spaces: 'Acción ' and 'accion' share one key. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
