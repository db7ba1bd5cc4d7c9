import {
  formatMoney as formatMoneyAs,
  groupGiftCardCode,
  localDateTime,
  type ClubPassChanged,
  type ClubPassDeclined,
  type GiftCardIssued,
  type OrderRefunded,
  type PaymentPart,
  type OrderShowMoved,
  type PricedLine,
  type TicketsIssued,
} from '@cine/contracts';
import { CINEMA, CINEMA_NAME, cinemaOf } from '../settings';
import type { MailContent } from './mailer';
import { formatShowDate } from './show-dates';
import { qrContentId, type AttachmentRenderer } from './ticket-attachments';

export { formatShowDate };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The cinema's HTML layout around `content` (already escaped markup): the mails', and the newsletter's confirmation pages. */
export function page(subject: string, content: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;background:#f4f4f4;margin:0;padding:24px">
<div style="max-width:560px;margin:auto;background:#ffffff;border-radius:8px;overflow:hidden">
<h1 style="background:#1a1a2e;color:#ffffff;margin:0;padding:16px 24px">${CINEMA_NAME}</h1>
<div style="padding:8px 24px 24px">
${content}
</div>
<p style="margin:0;padding:12px 24px;background:#f0f0f4;color:#555555;font-size:13px">${escapeHtml(cinemaFooter().join(' · '))}</p>
</div>
</body>
</html>
`;
}

const SIGNATURE = `El equipo de ${CINEMA_NAME}`;

/** The cinema's name, address and hours (configuration) and a current copyright year, at the foot of every mail. */
export function cinemaFooter(now: Date = new Date()): string[] {
  return [`${CINEMA.name}: ${CINEMA.address}`, `Horarios: ${CINEMA.hours}`, `© ${now.getFullYear()} ${CINEMA.name}`];
}

/** A part of a mail, as plain text and as HTML. */
interface MailBlock {
  text: string;
  html: string;
}

function paragraph(text: string): MailBlock {
  return { text, html: `<p>${escapeHtml(text)}</p>` };
}

/** Rows of label and value: `Label: value` lines in the text, a table (under `heading`, in the HTML only) in the HTML. */
function table(rows: Array<{ label: string; value: string; strong?: boolean }>, heading?: string): MailBlock {
  return {
    text: rows.map(({ label, value }) => `${label}: ${value}`).join('\n'),
    html: `${heading ? `<h2 style="font-size:18px;margin:16px 0 0">${escapeHtml(heading)}</h2>\n` : ''}${tableHtml(rows)}`,
  };
}

/** Links: `Label: address` lines in the text, buttons in the HTML. */
function links(targets: Array<{ label: string; href: string }>): MailBlock {
  return { text: targets.map(({ label, href }) => `${label}: ${href}`).join('\n'), html: linksHtml(targets) };
}

/** The blocks in order, then the signature; the text ends with the cinema's footer, the HTML has it in the layout. */
function compose(subject: string, blocks: MailBlock[]): MailContent {
  const text = [...blocks.map((block) => block.text), SIGNATURE, cinemaFooter().join('\n')].join('\n\n');
  const html = page(subject, [...blocks.map((block) => block.html), `<p>${escapeHtml(SIGNATURE)}</p>`].join('\n'));
  return { subject, text: `${text}\n`, html };
}

/** Paragraphs, and a `highlight` (a code) that stands out in the HTML. */
function composeParagraphs(subject: string, paragraphs: string[], highlight?: string): MailContent {
  const highlighted = highlight
    ? [
        {
          text: highlight,
          html: `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(highlight)}</p>`,
        },
      ]
    : [];
  return compose(subject, [...paragraphs.map(paragraph), ...highlighted]);
}

export function welcomeMail(username: string): MailContent {
  return composeParagraphs(`¡Te damos la bienvenida a ${CINEMA_NAME}!`, [
    `Hola ${username}:`,
    `Tu cuenta en ${CINEMA_NAME} ya está lista. Inicia sesión para comprar entradas y combos y para comentar las películas que viste.`,
    '¡Nos vemos en la sala!',
  ]);
}

export function recoveryCodeMail(username: string, code: string, validMinutes: number): MailContent {
  return composeParagraphs(
    `Tu código para recuperar la contraseña de ${CINEMA_NAME}`,
    [
      `Hola ${username}:`,
      `Recibimos un pedido para recuperar la contraseña de tu cuenta en ${CINEMA_NAME}. Ingresa este código para elegir una nueva. Vence en ${validMinutes} minutos.`,
      'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
    ],
    code,
  );
}

const CHANGED_BY: Record<'user' | 'admin' | 'recovery', string> = {
  user: 'desde tu cuenta',
  admin: 'por un administrador del cine',
  recovery: 'con un código de recuperación enviado a este correo',
};

/** Tells the account's owner that its password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedMail(username: string, changedAt: Date, by: 'user' | 'admin' | 'recovery'): MailContent {
  const { date, time } = localDateTime(changedAt);
  const when = `${date.split('-').reverse().join('/')} a las ${time}`;
  return composeParagraphs(`Cambiaste la contraseña de ${CINEMA_NAME}`, [
    `Hola ${username}:`,
    `La contraseña de tu cuenta en ${CINEMA_NAME} se cambió el ${when}, ${CHANGED_BY[by]}. Las sesiones abiertas con la contraseña anterior se cerraron.`,
    'Si no fuiste tú, recupera tu cuenta ahora con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
  ]);
}

/** The double opt-in mail: nothing is subscribed until its link is followed. */
export function newsletterConfirmationMail(email: string, link: string, validHours: number): MailContent {
  const subject = `Confirma tu suscripción al newsletter de ${CINEMA_NAME}`;
  const before = [
    'Hola:',
    `Recibimos un pedido para suscribir ${email} al newsletter de ${CINEMA_NAME}: los próximos estrenos, las promociones de la confitería y las novedades.`,
    `Para confirmarlo, abre este enlace (vence en ${validHours} horas):`,
  ];
  const after = ['Si no lo pediste, ignora este correo: no te suscribiremos ni volveremos a escribirte por esto.'];
  const text = [...before, link, ...after, SIGNATURE, cinemaFooter().join('\n')].join('\n\n');
  const button =
    `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(link)}" ` +
    'style="background:#1a1a2e;color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold">Confirmar suscripción</a></p>';
  const html = page(
    subject,
    [...before.map((p) => `<p>${escapeHtml(p)}</p>`), button, ...[...after, SIGNATURE].map((p) => `<p>${escapeHtml(p)}</p>`)].join('\n'),
  );
  return { subject, text: `${text}\n`, html };
}

/** The row naming where the show is: the order's cinema and its address (the first cinema's on an event from before the chain). */
function cinemaRow(event: Parameters<typeof cinemaOf>[0]): { label: string; value: string } {
  const { name, address } = cinemaOf(event);
  return { label: 'Cine', value: `${name}, ${address}` };
}

/** What the receipt says about a paid order: tickets.issued's facts (the order's, the show's start and end, its tickets). */
export type PaidOrder = TicketsIssued['data'];

/** Cents as the whole site shows them (the cinema's locale and currency): 1250 → '$ 12,50' by default. */
export function formatMoney(cents: number): string {
  return formatMoneyAs(cents, CINEMA);
}

/** Rows of label and value as an HTML table; `strong` rows in bold. */
function tableHtml(rows: Array<{ label: string; value: string; strong?: boolean }>): string {
  const cell = 'padding:4px 0;border-bottom:1px solid #eeeeee';
  return [
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:12px 0">',
    ...rows.map(({ label, value, strong }) => {
      const weight = strong ? 'font-weight:bold;' : '';
      return `<tr><td style="${cell};${weight}">${escapeHtml(label)}</td><td style="${cell};${weight}text-align:right">${escapeHtml(value)}</td></tr>`;
    }),
    '</table>',
  ].join('\n');
}

/** The tickets in the HTML part: each seat's QR code (an inline image), its type when the order priced it (version 2), and its code. */
function ticketsHtml(order: PaidOrder, typeOf: (seatLabel: string) => string | undefined): string {
  return order.tickets
    .map((ticket) => {
      const type = typeOf(ticket.seatLabel);
      return (
        `<div style="display:inline-block;text-align:center;margin:8px 12px 8px 0">` +
        `<img src="cid:${escapeHtml(qrContentId(ticket))}" width="250" height="250" alt="${escapeHtml(`Código QR de la entrada ${ticket.seatLabel}`)}" style="display:block">` +
        `<span style="font-size:15px">Butaca <strong>${escapeHtml(ticket.seatLabel)}</strong>${type ? ` · ${escapeHtml(type)}` : ''} · código <strong style="font-family:monospace;letter-spacing:2px">${escapeHtml(ticket.code)}</strong></span></div>`
      );
    })
    .join('\n');
}

/** Each priced ticket (order.paid version 2): the seat and type with the line's total, then its base price and each surcharge when it has any. */
function linesTable(lines: readonly PricedLine[]): MailBlock {
  return table(
    lines.flatMap((line) => [
      { label: `Butaca ${line.seatLabel} · ${line.typeName}`, value: formatMoney(line.total) },
      ...(line.surcharges.length === 0
        ? []
        : [
            { label: '   Precio base', value: formatMoney(line.base) },
            ...line.surcharges.map((surcharge) => ({ label: `   ${surcharge.reason}`, value: `+ ${formatMoney(surcharge.amount)}` })),
          ]),
      // Issue 39: what the promo code took off this ticket.
      ...(line.discount ? [{ label: '   Descuento', value: `− ${formatMoney(line.discount)}` }] : []),
    ]),
    'Detalle de las entradas',
  );
}

/**
 * Issue 39: how an amount was paid (or goes back): the gift card's part (its last four characters) and the bank card's;
 * issue 41: Cine Club's points (how many) and the Cine Pase's part.
 */
function paymentRows(payments: readonly PaymentPart[], verb: 'Pagado' | 'Devuelto'): Array<{ label: string; value: string }> {
  const by = verb === 'Pagado' ? 'con' : 'a';
  const labelOf = (part: PaymentPart): string => {
    switch (part.kind) {
      case 'gift_card':
        return `${verb} ${by} la tarjeta regalo${part.last4 ? ` ···· ${part.last4}` : ''}`;
      case 'points':
        return `${verb} ${verb === 'Pagado' ? 'con' : 'en'} puntos de Cine Club${part.points ? ` (${part.points} puntos)` : ''}`;
      case 'pass':
        return verb === 'Pagado' ? 'Cubierto por tu Cine Pase' : 'Devuelto a tu Cine Pase';
      default:
        return `${verb} ${by} la tarjeta bancaria`;
    }
  };
  return payments.filter((part) => part.amount > 0).map((part) => ({ label: labelOf(part), value: formatMoney(part.amount) }));
}

/** Whether an order was paid (or goes back) otherwise than all by bank card: its parts are worth showing. */
const paidOtherwise = (payments: readonly PaymentPart[] | undefined): payments is readonly PaymentPart[] =>
  payments?.some((part) => part.kind !== 'card' && part.amount > 0) ?? false;

/** The site's pages a mail about an order links to (`publicUrl`: PUBLIC_URL, the site as the buyer's browser reaches it). */
function orderLinks(publicUrl: string, orderId: string) {
  return {
    order: { label: 'Ver tu compra', href: `${publicUrl}/compra/${encodeURIComponent(orderId)}` },
    tickets: { label: 'Mis entradas', href: `${publicUrl}/mis-entradas` },
  };
}

/** Links as buttons in the HTML part. */
function linksHtml(links: Array<{ label: string; href: string }>): string {
  const style =
    'display:inline-block;margin:0 12px 8px 0;background:#1a1a2e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold';
  return `<p>${links.map(({ label, href }) => `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`).join('')}</p>`;
}

/** The receipt of a paid order: the show, each ticket's QR code, the candy and what was paid, links to the order and Mis entradas; the show as a calendar entry (rendered by `renderer`, in a worker thread). */
export async function receiptMail(
  username: string,
  order: PaidOrder,
  publicUrl: string,
  renderer: AttachmentRenderer,
): Promise<MailContent> {
  const to = orderLinks(publicUrl, order.orderId);
  const cinema = cinemaOf(order);
  // The show's day and time at its cinema: its start read in the cinema's zone (issue 38).
  const starts = localDateTime(new Date(order.startsAt), cinema.timeZone);
  const show = [
    cinemaRow(order),
    { label: 'Película', value: order.title },
    { label: 'Fecha', value: formatShowDate(starts.date) },
    { label: 'Hora', value: starts.time },
    { label: 'Sala', value: String(order.roomId) },
    { label: 'Formato', value: order.type },
    { label: 'Butacas', value: order.seatLabels.join(', ') },
  ];
  const charges = [
    { label: `Entradas (${order.seats})`, value: formatMoney(order.ticketTotal) },
    // Issue 39: the promo code and what it took off the tickets; `total` is what was paid.
    ...(order.discount
      ? [{ label: `Descuento${order.promo ? ` (${order.promo.code})` : ''}`, value: `− ${formatMoney(order.discount)}` }]
      : []),
    ...order.candy.map((line) => ({ label: `${line.quantity} × ${line.name}`, value: formatMoney(line.totalPrice) })),
    { label: 'Total', value: formatMoney(order.total), strong: true },
    // Issues 39 and 41: a gift card, points or the pass paid part or all of it (an order paid all by bank card says nothing more, as before).
    ...(paidOtherwise(order.payments) ? paymentRows(order.payments, 'Pagado') : []),
  ];
  // Version 1 (no lines): every seat a General ticket, the receipt as it always was.
  const lines = order.lines ?? [];
  const typeOf = (seatLabel: string) => lines.find((line) => line.seatLabel === seatLabel)?.typeName;
  const tickets: MailBlock = {
    text: [
      'Tus entradas:',
      ...order.tickets.map((ticket) => {
        const type = typeOf(ticket.seatLabel);
        return `Butaca ${ticket.seatLabel}${type ? ` (${type})` : ''}: código ${ticket.code}`;
      }),
    ].join('\n'),
    html: `<h2 style="font-size:18px;margin:16px 0 0">Tus entradas</h2>\n${ticketsHtml(order, typeOf)}`,
  };
  const mail = compose(`Tu compra en ${cinema.name}: ${order.title}`, [
    paragraph(`Hola ${username}:`),
    paragraph('¡Gracias por tu compra! Estos son los datos de tu función.'),
    table(show),
    tickets,
    ...(lines.length > 0 ? [linesTable(lines)] : []),
    table(charges, 'Tu pedido'),
    paragraph(`Pedido: ${order.orderCode ?? order.orderId}`),
    paragraph(
      'Muestra el código QR de cada entrada en la puerta de la sala (o dicta su código); también las tienes en Mis entradas. ¡Que disfrutes la función!',
    ),
    links([to.order, to.tickets]),
  ]);
  return { ...mail, attachments: await renderer.render(order) };
}

/** What the refund mail says (order.refunded's facts). */
type RefundedOrder = OrderRefunded['data'];

const REFUND_OPENING: Readonly<Record<RefundedOrder['by'], string>> = {
  buyer: 'Cancelaste tu compra. Te devolvimos el dinero de lo que sigue.',
  admin: 'El cine reembolsó parte o la totalidad de tu compra. Te devolvimos el dinero de lo que sigue.',
  'show-cancelled': 'La función fue cancelada. Te devolvimos el dinero de tu compra.',
};

/** The cancellation or refund of an order: the show, what was refunded and how much goes back to the card. */
export function refundMail(username: string, refund: RefundedOrder, publicUrl: string): MailContent {
  const subject = `${refund.by === 'buyer' ? 'Compra cancelada' : 'Reembolso de tu compra'} en ${cinemaOf(refund).name}: ${refund.title}`;
  const show = [
    cinemaRow(refund),
    { label: 'Película', value: refund.title },
    { label: 'Fecha', value: formatShowDate(refund.date) },
    { label: 'Hora', value: refund.schedule },
    { label: 'Sala', value: String(refund.roomId) },
  ];
  // Version 2 names each refunded ticket with its type and the line total it gives back; version 1 the seats together.
  // Issue 39: a ticket gives back what was paid for it (its total less its discount).
  const tickets = refund.lines
    ? refund.lines.map((line) => ({
        label: `Butaca ${line.seatLabel} · ${line.typeName}`,
        value: formatMoney(line.total - (line.discount ?? 0)),
      }))
    : refund.seatLabels.length > 0
      ? [{ label: `Entradas (${refund.seatLabels.join(', ')})`, value: formatMoney(refund.ticketAmount) }]
      : [];
  const toGiftCard = (refund.payments ?? []).reduce((sum, part) => sum + (part.kind === 'gift_card' ? part.amount : 0), 0);
  const refunded = [
    ...tickets,
    ...refund.candy.map((line) => ({ label: `${line.quantity} × ${line.name}`, value: formatMoney(line.totalPrice) })),
    { label: 'Total reembolsado', value: formatMoney(refund.amount), strong: true },
    ...(paidOtherwise(refund.payments) ? paymentRows(refund.payments, 'Devuelto') : []),
  ];
  return compose(subject, [
    paragraph(`Hola ${username}:`),
    paragraph(REFUND_OPENING[refund.by]),
    table(show),
    table(refunded, 'Reembolso'),
    ...(refund.by === 'buyer' ? [] : [paragraph(`Motivo: ${refund.reason}`)]),
    paragraph(
      toGiftCard > 0
        ? 'El dinero vuelve a donde salió: lo pagado con la tarjeta regalo ya está de nuevo en su saldo, y lo pagado con tarjeta bancaria vuelve a ella (según tu banco puede tardar unos días en verse). Las entradas reembolsadas ya no son válidas.'
        : 'El dinero vuelve a la tarjeta con la que pagaste; según tu banco puede tardar unos días en verse. Las entradas reembolsadas ya no son válidas.',
    ),
    // Issue 41: points paid go back to the member's balance.
    ...(refund.payments?.some((part) => part.kind === 'points' && part.amount > 0)
      ? [paragraph('Los puntos con los que pagaste ya volvieron a tu saldo de Cine Club.')]
      : []),
    paragraph(`Pedido: ${refund.orderCode ?? refund.orderId}`),
    links([orderLinks(publicUrl, refund.orderId).order]),
  ]);
}

/** What the mail of a moved show says (order.show-moved's facts). */
type MovedOrder = OrderShowMoved['data'];

/** The admin moved the show of an order: the new date and time, the seats that stay valid, and the way out with a full refund. */
export function showMovedMail(username: string, moved: MovedOrder): MailContent {
  return compose(`Cambió el horario de tu función en ${cinemaOf(moved).name}: ${moved.title}`, [
    paragraph(`Hola ${username}:`),
    paragraph(
      `El cine cambió el día u horario de la función de ${moved.title}. Tus entradas siguen valiendo para el nuevo horario, con las mismas butacas.`,
    ),
    table([
      cinemaRow(moved),
      { label: 'Película', value: moved.title },
      { label: 'Antes', value: `${formatShowDate(moved.from.date)} ${moved.from.schedule}` },
      { label: 'Ahora', value: `${formatShowDate(moved.to.date)} ${moved.to.schedule}`, strong: true },
      { label: 'Sala', value: String(moved.roomId) },
      { label: 'Butacas', value: moved.seatLabels.join(', ') },
    ]),
    paragraph(
      'Si el nuevo horario no te sirve, puedes cancelar la compra desde Mis compras con el reembolso completo, hasta que empiece la función.',
    ),
    paragraph(`Pedido: ${moved.orderId}`),
  ]);
}

/** What the gift card mail says (gift-card.issued's facts; `code` is in the mail alone). */
type IssuedGiftCard = GiftCardIssued['data'];

/** The `cid:` the gift card mail shows its QR code with. */
const GIFT_CARD_QR_CID = 'tarjeta-regalo@cine';

/**
 * Issue 39: the recipient's gift card: who sends it and their message (a sold card) or the cinema (an issued one),
 * the code grouped in fours and as a QR code (`qrPng`, rendered as the e-tickets' are), the amount, the expiry,
 * and where to check the balance and spend it.
 */
export function giftCardMail(card: IssuedGiftCard, publicUrl: string, qrPng: Buffer): MailContent {
  const code = groupGiftCardCode(card.code);
  // A sold card comes from its buyer (by the name they gave); an issued one from the cinema itself.
  const sender = card.origin === 'sold' ? card.senderName?.trim() || 'Alguien' : undefined;
  const subject = sender ? `${sender} te regaló una tarjeta regalo de ${CINEMA_NAME}` : `Te regalamos una tarjeta regalo de ${CINEMA_NAME}`;
  const expires = localDateTime(new Date(card.expiresAt));
  // In the cinema's money, as the site shows it (a card is sold in the chain's currency).
  const amount = formatMoney(card.amount);
  const codeBlock: MailBlock = {
    text: `Tu código: ${code}`,
    html:
      `<p style="font-size:26px;font-weight:bold;letter-spacing:4px;text-align:center;font-family:monospace">${escapeHtml(code)}</p>\n` +
      `<p style="text-align:center"><img src="cid:${GIFT_CARD_QR_CID}" width="250" height="250" alt="${escapeHtml(`Código QR de la tarjeta regalo ${code}`)}"></p>`,
  };
  const mail = compose(subject, [
    paragraph(`Hola${card.recipientName ? ` ${card.recipientName}` : ''}:`),
    paragraph(
      `${sender ? `${sender} te regaló` : 'Te regalamos'} una tarjeta regalo de ${amount} para tus entradas y combos en ${CINEMA_NAME}.`,
    ),
    ...(card.origin === 'sold' && card.message ? [paragraph(`Su mensaje: «${card.message}»`)] : []),
    codeBlock,
    table([
      { label: 'Monto', value: amount, strong: true },
      { label: 'Vence', value: `${formatShowDate(expires.date)}` },
    ]),
    paragraph(
      'Para usarla, escribe el código en el paso de pago al comprar tus entradas: cubre lo que su saldo alcance y el resto lo pagas con tu tarjeta. Puedes usarla en varias compras hasta agotar el saldo. Guarda este correo: con el código basta para usar la tarjeta, cuídalo como si fuera dinero.',
    ),
    links([{ label: 'Consultar el saldo', href: `${publicUrl}/tarjeta-regalo` }]),
  ]);
  return {
    ...mail,
    attachments: [{ filename: `tarjeta-regalo-${card.last4}.png`, content: qrPng, contentType: 'image/png', cid: GIFT_CARD_QR_CID }],
  };
}

/** Issue 41: what the Cine Pase mails say (club.pass-declined's and club.pass-changed's facts). */
type DeclinedPass = ClubPassDeclined['data'];
type ChangedPass = ClubPassChanged['data'];

/** The club's page (the pass, the card to change). */
const clubLink = (publicUrl: string) => ({ label: 'Ir a Cine Club', href: `${publicUrl}/club` });

/** A day and time as the password mail writes them ('04/12/2026 a las 21:30'), in the chain's zone. */
function dayAndTime(instant: string): string {
  const { date, time } = localDateTime(new Date(instant));
  return `${date.split('-').reverse().join('/')} a las ${time}`;
}

/**
 * Issue 41: a renewal of the member's Cine Pase was declined: the pass stays usable in its grace period; change the
 * card before `graceUntil` (the club's page) or it lapses.
 */
export function passDeclinedMail(username: string, pass: DeclinedPass, publicUrl: string): MailContent {
  const until = dayAndTime(pass.graceUntil);
  return compose(`No pudimos renovar tu Cine Pase de ${CINEMA_NAME}`, [
    paragraph(`Hola ${username}:`),
    paragraph(
      `Tu banco rechazó el cobro de la renovación de tu Cine Pase «${pass.planName}» (${formatMoney(pass.amount)}). Tu pase sigue vigente hasta el ${until}: cambia tu tarjeta antes de esa fecha para no perderlo.`,
    ),
    table([
      { label: 'Plan', value: pass.planName },
      { label: 'Monto', value: formatMoney(pass.amount) },
      { label: 'Cambia tu tarjeta antes del', value: until, strong: true },
    ]),
    paragraph('Si no cambias la tarjeta a tiempo, el pase vence y ya no cubre entradas. Tus puntos de Cine Club no cambian.'),
    links([clubLink(publicUrl)]),
  ]);
}

/** Issue 41: the member's Cine Pase lapsed (its renewal stayed unpaid through the grace period). */
export function passLapsedMail(username: string, pass: ChangedPass, publicUrl: string): MailContent {
  return compose(`Tu Cine Pase de ${CINEMA_NAME} venció`, [
    paragraph(`Hola ${username}:`),
    paragraph(
      `No pudimos cobrar la renovación de tu Cine Pase «${pass.planName}» y el período de gracia terminó, así que tu pase venció y ya no cubre entradas. Tus puntos de Cine Club no cambian.`,
    ),
    paragraph('Puedes volver a suscribirte cuando quieras desde Cine Club.'),
    links([clubLink(publicUrl)]),
  ]);
}
