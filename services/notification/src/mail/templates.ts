import { CINEMA_NAME } from '../settings';
import type { MailContent } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The same paragraphs as plain text and as HTML in the cinema's layout; `highlight` stands out in the HTML. */
function compose(subject: string, paragraphs: string[], highlight?: string): MailContent {
  const signature = `El equipo de ${CINEMA_NAME}`;
  const text = [...paragraphs, ...(highlight ? [highlight] : []), signature].join('\n\n');
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const highlighted = highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(highlight)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;background:#f4f4f4;margin:0;padding:24px">
<div style="max-width:560px;margin:auto;background:#ffffff;border-radius:8px;overflow:hidden">
<h1 style="background:#1a1a2e;color:#ffffff;margin:0;padding:16px 24px">${CINEMA_NAME}</h1>
<div style="padding:8px 24px 24px">
${body}
${highlighted}
<p>${escapeHtml(signature)}</p>
</div>
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}

export function welcomeMail(username: string): MailContent {
  return compose(`¡Te damos la bienvenida a ${CINEMA_NAME}!`, [
    `Hola ${username}:`,
    `Tu cuenta en ${CINEMA_NAME} ya está lista. Inicia sesión para comprar entradas y combos y para comentar las películas que viste.`,
    '¡Nos vemos en la sala!',
  ]);
}

export function recoveryCodeMail(username: string, code: string, validMinutes: number): MailContent {
  return compose(
    `Tu código para recuperar la contraseña de ${CINEMA_NAME}`,
    [
      `Hola ${username}:`,
      `Recibimos un pedido para recuperar la contraseña de tu cuenta en ${CINEMA_NAME}. Ingresa este código para elegir una nueva. Vence en ${validMinutes} minutos.`,
      'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
    ],
    code,
  );
}

export function newsletterConfirmationMail(email: string): MailContent {
  return compose(`Te suscribiste al newsletter de ${CINEMA_NAME}`, [
    'Hola:',
    `Desde ahora recibirás en ${email} los próximos estrenos, las promociones de la confitería y las novedades de ${CINEMA_NAME}.`,
  ]);
}
