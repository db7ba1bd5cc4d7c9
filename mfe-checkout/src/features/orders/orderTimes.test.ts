import { cinemaPlaceOf, generalLines } from '@cine/web-kit/testing';
import type { OrderView } from '@cine/contracts';
import { purchasesInOrder } from './orderTimes';

const order = (id: string, date: string, schedule: string): OrderView => ({
  id,
  code: 'K7M2QX9P',
  movieId: 'm',
  title: id,
  showId: 's',
  cinema: cinemaPlaceOf('centro'),
  date,
  day: 'Lunes',
  schedule,
  roomId: 1,
  type: '2D',
  seats: 1,
  seatLabels: ['F7'],
  lines: generalLines(['F7'], 900),
  ticketTotal: 900,
  candy: [],
  total: 900,
  discount: 0,
  payments: [{ kind: 'card', amount: 900 }],
  paidAt: '2026-11-20T12:00:00.000Z',
  state: 'paid',
  refundedAmount: 0,
  refunds: [],
  cancellableUntil: '2099-01-01T00:00:00.000Z',
  refundable: { seats: [{ seatLabel: 'F7', amount: 900, refundable: true }], candy: [], amount: 900 },
});

test('upcoming shows first, soonest at the top; then the shows already seen, as the history lists them', () => {
  // 21:00 of 26 November in Buenos Aires.
  const now = new Date('2026-11-27T00:00:00Z');
  const history = [
    order('hoy-tarde', '2026-11-26', '20:00'),
    order('semana', '2026-12-01', '18:00'),
    order('manana', '2026-11-27', '15:00'),
    order('ayer', '2026-11-25', '22:00'),
    order('hoy-noche', '2026-11-26', '22:30'),
  ];
  const { upcoming, past } = purchasesInOrder(history, now);
  expect(upcoming.map((o) => o.id)).toEqual(['hoy-noche', 'manana', 'semana']);
  expect(past.map((o) => o.id)).toEqual(['hoy-tarde', 'ayer']);
});
