import { escapeHtml, page } from '../mail/templates';

/** The spec's newsletter message (§8), shown once the subscription is confirmed. */
export const SUBSCRIBED = 'El usuario ha sido añadido al newsletter';
export const INVALID_LINK = 'El enlace de confirmación no es válido o venció. Suscríbete nuevamente.';

const HOME = '<p><a href="/home">Volver a la cartelera</a></p>';

/**
 * What the mailed link opens: a button that confirms. The link itself changes
 * nothing, so a mail scanner that follows every link subscribes no one.
 * The form posts back to the page's own path (`confirm`), wherever the gateway serves it.
 */
export function confirmPage(email: string, token: string): string {
  return page(
    'Confirma tu suscripción',
    [
      `<p>Confirma que quieres recibir el newsletter en ${escapeHtml(email)}.</p>`,
      '<form method="post" action="confirm">',
      `<input type="hidden" name="token" value="${escapeHtml(token)}">`,
      '<button type="submit">Confirmar suscripción</button>',
      '</form>',
    ].join('\n'),
  );
}

export function subscribedPage(): string {
  return page('Suscripción confirmada', `<p>${escapeHtml(SUBSCRIBED)}.</p>\n${HOME}`);
}

export function invalidLinkPage(): string {
  return page('Enlace no válido', `<p>${escapeHtml(INVALID_LINK)}</p>\n${HOME}`);
}
