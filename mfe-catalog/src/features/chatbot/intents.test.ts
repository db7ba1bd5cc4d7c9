import { chatbotReply } from './chatbotReplies';
import { findMovie, matchIntent, normalize, type MovieRef } from './intents';

const BILLBOARD: MovieRef[] = [
  { id: 'moana2', title: 'Moana 2' },
  { id: 'dune', title: 'Dune' },
  { id: 'dune3', title: 'Dune III' },
  { id: 'intensa', title: 'Intensa-Mente 3' },
];

const kindOf = (message: string) => matchIntent(message, BILLBOARD).kind;

test('normalises accents, case and punctuation', () => {
  expect(normalize('¿Qué  PELÍCULAS dan hoy?')).toBe('que peliculas dan hoy');
  expect(normalize('¡Dónde queda el cine!')).toBe('donde queda el cine');
  expect(normalize('Intensa-Mente 3')).toBe('intensa mente 3');
});

describe('the questions of the issue', () => {
  test('"¿Qué películas dan hoy?" asks for today\'s shows', () => {
    expect(matchIntent('¿Qué películas dan hoy?', BILLBOARD)).toEqual({ kind: 'shows-of-day', day: 'hoy' });
    expect(matchIntent('que dan manana', BILLBOARD)).toEqual({ kind: 'shows-of-day', day: 'mañana' });
    expect(matchIntent('¿qué horarios hay?', BILLBOARD)).toEqual({ kind: 'shows-of-day', day: 'hoy' });
  });

  test('"precio de la entrada" asks for the prices, of a movie when it is named', () => {
    expect(matchIntent('precio de la entrada', BILLBOARD)).toEqual({ kind: 'prices' });
    expect(matchIntent('¿Cuánto cuesta comprar una entrada para Moana 2?', BILLBOARD)).toEqual({
      kind: 'prices',
      movie: { id: 'moana2', title: 'Moana 2' },
    });
  });

  test('"horarios de Moana 2" asks for that movie\'s times, by its title against the billboard', () => {
    expect(matchIntent('horarios de Moana 2', BILLBOARD)).toEqual({ kind: 'movie-times', movie: { id: 'moana2', title: 'Moana 2' } });
    expect(matchIntent('¿a qué hora dan MOANA?', BILLBOARD)).toMatchObject({ kind: 'movie-times', movie: { id: 'moana2' } });
  });

  test('"dónde queda el cine" asks for the address; opening hours are their own question', () => {
    expect(kindOf('dónde queda el cine')).toBe('address');
    expect(kindOf('¿Cuál es la dirección?')).toBe('address');
    expect(kindOf('¿A qué hora abren?')).toBe('hours');
    expect(kindOf('horario de atención')).toBe('hours');
  });

  test('"¿puedo cancelar mi compra?" asks about cancelling, not how to buy', () => {
    expect(kindOf('¿puedo cancelar mi compra?')).toBe('cancel');
    expect(kindOf('quiero que me devuelvan la plata de la compra')).toBe('cancel');
    expect(kindOf('reembolso')).toBe('cancel');
  });

  test('the tickets bought', () => {
    expect(kindOf('¿dónde veo mis entradas?')).toBe('tickets');
    expect(kindOf('no encuentro el QR de mis entradas')).toBe('tickets');
  });
});

describe('the spec keywords keep their replies', () => {
  test.each(['This is FANTASTIC', 'show me a dog', 'quiero registrarme', 'Tengo una queja', 'una sugerencia', '¿Cómo compro entradas?'])(
    '"%s"',
    (message) => {
      expect(matchIntent(message, BILLBOARD)).toEqual({ kind: 'spec', reply: chatbotReply(message) });
    },
  );

  test('gracias alone is thanked; with a question the question is answered', () => {
    expect(matchIntent('Muchas GRACIAS', BILLBOARD)).toEqual({ kind: 'spec', reply: chatbotReply('gracias') });
    expect(kindOf('gracias, ¿dónde queda el cine?')).toBe('address');
    expect(matchIntent('gracias, quiero comprar', BILLBOARD)).toEqual({ kind: 'spec', reply: chatbotReply('quiero comprar') });
  });

  test('anything else falls back', () => {
    expect(kindOf('¿Qué tal el clima?')).toBe('fallback');
    expect(kindOf('')).toBe('fallback');
    expect(kindOf('¿?')).toBe('fallback');
  });
});

describe('movie titles', () => {
  test('the longest title named wins, a title needs all its words', () => {
    expect(findMovie('horarios de dune iii', BILLBOARD)?.id).toBe('dune3');
    expect(findMovie('horarios de dune', BILLBOARD)?.id).toBe('dune');
    expect(findMovie('intensamente', BILLBOARD)).toBeUndefined();
    expect(findMovie('intensa mente', BILLBOARD)?.id).toBe('intensa');
    expect(findMovie('moanas', BILLBOARD)).toBeUndefined();
    expect(findMovie('cualquier cosa', [])).toBeUndefined();
  });
});
