import type { PresaleState } from '@cine/contracts';
import { instantLabel } from '@cine/web-kit';

/** "Preventa · abre el 01/12/2026 10:00" (the cinema's clock), or what the line is doing once open. */
export function presaleLabel(state: PresaleState, opensAt: string): string {
  if (state === 'scheduled') return `Preventa · abre el ${instantLabel(opensAt)}`;
  if (state === 'sold_out') return 'Preventa · butacas agotadas por ahora';
  return 'Preventa · en curso, con fila';
}

/** "Unos 3 minutos" of wait; "Menos de un minuto" for 1. */
export function waitText(minutes: number): string {
  return minutes <= 1 ? 'Menos de un minuto' : `Unos ${minutes} minutos`;
}
