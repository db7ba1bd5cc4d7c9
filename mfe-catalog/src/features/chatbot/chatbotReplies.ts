/**
 * What the assistant answers: a text (maybe with a link, and questions to suggest next as buttons)
 * or a random dog picture to fetch.
 */
export type ChatbotReply =
  { kind: 'text'; text: string; link?: { to: string; label: string }; suggestions?: readonly string[] } | { kind: 'dog' };

export const CHATBOT_GREETING = '¡Hola! Soy Cinebot, el asistente de Cine. ¿En qué puedo ayudarte?';
export const DOG_UNAVAILABLE_REPLY = 'No pude traer un perrito en este momento. Intenta de nuevo más tarde.';
export const DOG_REPLY_TEXT = '¡Aquí tienes un perrito!';

const REPLIES: { keywords: string[]; reply: ChatbotReply }[] = [
  { keywords: ['fantastic'], reply: { kind: 'text', text: '¡Fantástico! Me alegra mucho. ¿Te ayudo con algo más?' } },
  { keywords: ['dog'], reply: { kind: 'dog' } },
  {
    keywords: ['regis'],
    reply: {
      kind: 'text',
      text: 'Para registrarte solo necesitas un e-mail, un nombre de usuario y una contraseña.',
      link: { to: '/register', label: 'Regístrate aquí' },
    },
  },
  {
    keywords: ['queja', 'suger', 'opin'],
    reply: {
      kind: 'text',
      text: 'Nos importa tu opinión: inicia sesión y escríbenos en el formulario de Feedback de la página de inicio.',
    },
  },
  {
    keywords: ['compr'],
    reply: {
      kind: 'text',
      text: 'Para comprar entradas inicia sesión, elige una película de la cartelera, selecciona el día, el horario y el formato, y presiona Comprar.',
    },
  },
  { keywords: ['gracias'], reply: { kind: 'text', text: '¡De nada! Que disfrutes la función.' } },
];

export const FALLBACK_REPLY: ChatbotReply = {
  kind: 'text',
  text: 'Perdón, no tengo una respuesta para eso. Puedes preguntarme qué películas dan hoy, los horarios de una película, el precio de la entrada, dónde queda el cine, cómo comprar o cómo cancelar una compra.',
};

/** The first keyword group (in the spec's order) contained in the message decides the reply. */
export function chatbotReply(message: string): ChatbotReply {
  const text = message.toLowerCase();
  const match = REPLIES.find(({ keywords }) => keywords.some((keyword) => text.includes(keyword)));
  return match?.reply ?? FALLBACK_REPLY;
}
