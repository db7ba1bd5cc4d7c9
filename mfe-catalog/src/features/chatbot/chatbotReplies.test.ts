import { FALLBACK_REPLY, chatbotReply } from './chatbotReplies';

const textOf = (message: string) => {
  const reply = chatbotReply(message);
  return reply.kind === 'text' ? reply.text : reply.kind;
};

test('fantastic gets its own reply', () => {
  expect(textOf('This is FANTASTIC')).toBe('¡Fantástico! Me alegra mucho. ¿Te ayudo con algo más?');
});

test('dog asks for a random dog picture', () => {
  expect(chatbotReply('show me a dog')).toEqual({ kind: 'dog' });
});

test.each(['¿Cómo me registro?', 'quiero registrarme', 'register'])('"%s" explains registration and links to /register', (message) => {
  expect(chatbotReply(message)).toMatchObject({ kind: 'text', link: { to: '/register', label: 'Regístrate aquí' } });
});

test.each(['Tengo una queja', 'una sugerencia', 'mi opinión'])('"%s" explains how to leave feedback', (message) => {
  expect(textOf(message)).toMatch(/formulario de Feedback/);
});

test.each(['¿Cómo compro entradas?', 'quiero comprar'])('"%s" explains how to buy', (message) => {
  expect(textOf(message)).toMatch(/^Para comprar entradas/);
});

test('gracias gets thanks back', () => {
  expect(textOf('Muchas GRACIAS')).toBe('¡De nada! Que disfrutes la función.');
});

test('anything else gets the fallback reply', () => {
  expect(chatbotReply('¿Qué hora es?')).toEqual(FALLBACK_REPLY);
  expect(chatbotReply('')).toEqual(FALLBACK_REPLY);
});

test('keywords are checked in the spec order', () => {
  expect(chatbotReply('gracias, quiero comprar')).toMatchObject({ text: expect.stringMatching(/^Para comprar/) });
});
