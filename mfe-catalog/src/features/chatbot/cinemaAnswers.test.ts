import { DEFAULT_CINEMA, type ShowView } from '@cine/contracts';
import { dayLabel } from '@cine/web-kit';
import { answerQuestion, type CinemaSources } from './answerQuestion';
import {
  addressReply,
  cancelReply,
  chainAddressReply,
  hoursReply,
  movieTimesReply,
  pricesReply,
  showsOfDayReply,
  ticketsReply,
} from './cinemaAnswers';
import { chatbotReply, FALLBACK_REPLY } from './chatbotReplies';

// Friday 27/11/2026, 15:00 in Buenos Aires (UTC-3).
const SATURDAY = dayLabel('2026-11-28').toLowerCase();
const NOW = new Date('2026-11-27T18:00:00Z');
const money = (cents: number) => `$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

function aShow(overrides: Partial<ShowView> & { movieTitle?: string }): ShowView {
  const { movieTitle = 'Moana 2', ...rest } = overrides;
  const date = rest.date ?? '2026-11-27';
  const schedule = rest.schedule ?? '20:00';
  return {
    id: `${rest.movieId ?? 'moana2'}-${date}-${schedule}-${rest.type ?? '2D'}`,
    movieId: 'moana2',
    movie: { Title: movieTitle },
    day: 'Viernes',
    date,
    schedule,
    startsAt: new Date(`${date}T${schedule}:00-03:00`).toISOString(),
    roomId: 1,
    type: '2D',
    seats: 80,
    capacity: 100,
    price: 850,
    ...rest,
  } as ShowView;
}

const MOANA = { id: 'moana2', title: 'Moana 2' };

const textOf = (reply: ReturnType<typeof cancelReply>) => (reply.kind === 'text' ? reply.text : '');

describe("today's shows", () => {
  test('lists the shows still to come by movie and format, with the day, a link to its Cartelera and movies to ask about', () => {
    const shows = [
      aShow({ schedule: '14:00' }),
      aShow({ schedule: '16:30', seats: 0 }),
      aShow({ schedule: '21:00', type: '3D' }),
      aShow({ schedule: '20:30', movieId: 'dune', movieTitle: 'Dune III' }),
    ];
    const reply = showsOfDayReply(shows, 'hoy', '2026-11-27', NOW);
    expect(reply).toEqual({
      kind: 'text',
      text: 'Hoy (viernes 27/11) quedan estas funciones:\n• Moana 2: 16:30 (agotada) en 2D; 21:00 en 3D.\n• Dune III: 20:30 en 2D.',
      link: { to: '/cartelera?fecha=2026-11-27', label: 'Ver la cartelera del viernes 27/11' },
      suggestions: ['Horarios de Moana 2', 'Horarios de Dune III'],
    });
  });

  test('says when none are left today', () => {
    expect(textOf(showsOfDayReply([aShow({ schedule: '14:00' })], 'hoy', '2026-11-27', NOW))).toBe(
      'Hoy (viernes 27/11) ya no quedan funciones. Pregúntame por las de mañana.',
    );
    expect(textOf(showsOfDayReply([], 'mañana', '2026-11-28', NOW))).toBe(`Mañana (${SATURDAY}) todavía no hay funciones programadas.`);
  });
});

test("a movie's times: by day (today, tomorrow, then the date) and format, with a link to buy", () => {
  const shows = [
    aShow({ schedule: '14:00' }),
    aShow({ schedule: '19:00' }),
    aShow({ date: '2026-11-28', schedule: '18:00', type: '3D' }),
    aShow({ date: '2026-11-29', schedule: '18:00' }),
    aShow({ date: '2026-11-30', schedule: '18:00' }),
    aShow({ movieId: 'dune', schedule: '22:00', movieTitle: 'Dune III' }),
  ];
  expect(movieTimesReply(MOANA, shows, '2026-11-27', '2026-11-28', NOW)).toEqual({
    kind: 'text',
    text:
      `Funciones de Moana 2:\n• Hoy (viernes 27/11): 19:00 en 2D.\n• Mañana (${SATURDAY}): 18:00 en 3D.\n• Domingo 29/11: 18:00 en 2D.\n` +
      'Hay más funciones en los días siguientes.',
    link: { to: '/movies/moana2', label: 'Comprar entradas para Moana 2' },
    suggestions: ['¿Cuánto cuesta la entrada de Moana 2?', '¿Qué películas dan hoy?'],
  });
  expect(textOf(movieTimesReply(MOANA, [], '2026-11-27', '2026-11-28', NOW))).toBe('Moana 2 no tiene funciones programadas por ahora.');
});

test('prices by format from the shows on sale, as a range where they differ, of one movie when asked', () => {
  const shows = [aShow({ price: 850 }), aShow({ schedule: '22:00', price: 950 }), aShow({ type: '3D', price: 1200 })];
  expect(textOf(pricesReply(shows, NOW, money))).toBe(
    'La entrada cuesta de $ 8,50 a $ 9,50 en 2D y $ 12,00 en 3D. El precio de cada función aparece al elegirla, antes de pagar.',
  );
  expect(textOf(pricesReply([aShow({ price: 850 }), aShow({ movieId: 'dune', price: 999 })], NOW, money, MOANA))).toBe(
    'La entrada para Moana 2 cuesta $ 8,50 en 2D. El precio de cada función aparece al elegirla, antes de pagar.',
  );
  expect(textOf(pricesReply([], NOW, money))).toBe('No hay funciones a la venta por ahora.');
});

test("the cinema's address and hours come from its configuration", () => {
  const cinema = { ...DEFAULT_CINEMA, name: 'Cine Sur', address: 'Calle Falsa 123', hours: 'De 12:00 a 24:00' };
  expect(textOf(addressReply(cinema))).toBe('Cine Sur está en Calle Falsa 123. Horario: De 12:00 a 24:00.');
  expect(textOf(hoursReply(cinema))).toBe('El horario de Cine Sur es: De 12:00 a 24:00. Estamos en Calle Falsa 123.');
});

test('cancelling and tickets: what the site does, with links to Mis compras and Mis entradas', () => {
  expect(cancelReply(120)).toMatchObject({
    text: expect.stringMatching(
      /^Sí: en Mis compras, cada compra tiene el botón «Cancelar compra» hasta 2 horas antes de que empiece la función\./,
    ),
    link: { to: '/mis-compras' },
  });
  expect(textOf(cancelReply(90))).toMatch(/hasta 90 minutos antes/);
  expect(textOf(cancelReply(60))).toMatch(/hasta 1 hora antes/);
  expect(textOf(cancelReply(120))).not.toMatch(/Para comprar entradas/);
  expect(ticketsReply()).toMatchObject({ link: { to: '/mis-entradas', label: 'Ver Mis entradas' } });
});

test('with no cinema chosen, the address and hours answer lists every cinema of the chain and how to choose one', () => {
  const reply = textOf(
    chainAddressReply([
      { name: 'Cine Centro', city: 'Buenos Aires', address: 'Av. Corrientes 1234', hours: 'De 12 a 24' },
      { name: 'Cine Norte', city: 'Buenos Aires', address: 'Av. Maipú 2500, Olivos', hours: 'De 14 a 24' },
    ]),
  );
  expect(reply).toBe(
    'Tenemos 2 cines:\n• Cine Centro (Buenos Aires): Av. Corrientes 1234. Horario: De 12 a 24.\n' +
      '• Cine Norte (Buenos Aires): Av. Maipú 2500, Olivos. Horario: De 14 a 24.\n' +
      'Elige el tuyo en «¿En qué cine?», arriba, y te muestro sus funciones.',
  );
});

describe('answering a question', () => {
  const sources = (overrides: Partial<CinemaSources> = {}): CinemaSources => ({
    showsOnDate: jest.fn(async () => [aShow({ schedule: '21:00' })]),
    showsOfMovie: jest.fn(async () => [aShow({ schedule: '21:00' })]),
    upcomingShows: jest.fn(async () => [aShow({ schedule: '21:00' })]),
    cinema: DEFAULT_CINEMA,
    cancellationWindowMinutes: 120,
    money,
    now: NOW,
    ...overrides,
  });

  test('the address of the chosen cinema; the whole chain when none is chosen', async () => {
    const norte = { ...DEFAULT_CINEMA, name: 'Cine Norte', address: 'Av. Maipú 2500, Olivos', hours: 'De 14 a 24' };
    expect(textOf(await answerQuestion({ kind: 'address' }, sources({ cinema: norte })))).toBe(
      'Cine Norte está en Av. Maipú 2500, Olivos. Horario: De 14 a 24.',
    );
    const chain = [norte, { ...norte, name: 'Cine Córdoba', city: 'Córdoba' }].map((cinema) => ({ city: 'Buenos Aires', ...cinema }));
    expect(textOf(await answerQuestion({ kind: 'hours' }, sources({ chain })))).toMatch(/^Tenemos 2 cines:/);
  });

  test("asks booking for the cinema's day, today or tomorrow", async () => {
    const today = sources();
    await answerQuestion({ kind: 'shows-of-day', day: 'hoy' }, today);
    expect(today.showsOnDate).toHaveBeenCalledWith('2026-11-27');
    const tomorrow = sources();
    await answerQuestion({ kind: 'shows-of-day', day: 'mañana' }, tomorrow);
    expect(tomorrow.showsOnDate).toHaveBeenCalledWith('2026-11-28');
  });

  test("asks for the movie's shows for its times and prices", async () => {
    const given = sources();
    expect(textOf(await answerQuestion({ kind: 'movie-times', movie: MOANA }, given))).toMatch(/^Funciones de Moana 2/);
    expect(textOf(await answerQuestion({ kind: 'prices', movie: MOANA }, given))).toMatch(/^La entrada para Moana 2 cuesta \$ 8,50/);
    expect(given.showsOfMovie).toHaveBeenCalledWith('moana2');
    expect(given.upcomingShows).not.toHaveBeenCalled();
  });

  test('the spec keywords answer as before; the fallback offers questions', async () => {
    expect(await answerQuestion({ kind: 'spec', reply: chatbotReply('gracias') }, sources())).toEqual(chatbotReply('gracias'));
    expect(await answerQuestion({ kind: 'fallback' }, sources())).toMatchObject({
      text: FALLBACK_REPLY.kind === 'text' && FALLBACK_REPLY.text,
    });
  });

  test('the API out of reach gets an apology and a link to the Cartelera', async () => {
    const down = sources({ showsOnDate: jest.fn(async () => Promise.reject(new Error('down'))) });
    expect(await answerQuestion({ kind: 'shows-of-day', day: 'hoy' }, down)).toMatchObject({
      text: expect.stringMatching(/^No pude consultar las funciones/),
      link: { to: '/cartelera?fecha=2026-11-27' },
    });
  });
});
