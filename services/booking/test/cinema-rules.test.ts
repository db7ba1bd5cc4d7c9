import { CINEMA_MESSAGES } from '@cine/contracts';
import { cinemaRefusal, layoutProblem, nextRoomId, roomNameRefusal, seatsLost, soldSeatsLostMessage } from '../src/cinemas/cinema-rules';

const form = { slug: 'norte', name: 'Cine Norte', city: 'Buenos Aires', address: 'Av. Maipú 2500', hours: '10 a 24', timeZone: 'UTC' };

describe("the chain's rules of cinemas and rooms", () => {
  it('refuses a zone that is not IANA (400) and a slug another cinema uses (409)', () => {
    expect(cinemaRefusal(form, [])).toBeUndefined();
    expect(cinemaRefusal({ ...form, timeZone: 'America/Argentina/Cordoba' }, [])).toBeUndefined();
    for (const timeZone of ['-03:00', 'GMT-3', 'Buenos Aires', 'America/Nowhere'])
      expect(cinemaRefusal({ ...form, timeZone }, [])).toMatchObject({ kind: 'invalid', message: CINEMA_MESSAGES.invalidTimeZone });
    expect(cinemaRefusal(form, [{ id: 'a', slug: 'norte' }])).toMatchObject({ kind: 'conflict', message: CINEMA_MESSAGES.slugTaken });
    // A cinema keeps its own slug.
    expect(cinemaRefusal({ slug: 'norte' }, [{ id: 'a', slug: 'norte' }], 'a')).toBeUndefined();
  });

  it('keeps room names unique in a cinema, whatever the case, accents or spaces', () => {
    const rooms = [{ id: 6, cinemaId: 'norte', name: 'Sala Única' }];
    expect(roomNameRefusal('norte', '  sala   unica ', rooms)).toMatchObject({ kind: 'conflict', message: CINEMA_MESSAGES.roomNameTaken });
    expect(roomNameRefusal('norte', 'Sala Única', rooms, 6)).toBeUndefined();
    expect(roomNameRefusal('centro', 'Sala Única', rooms)).toBeUndefined();
  });

  it('gives a new room the chain’s highest id plus one', () => {
    expect(nextRoomId([{ id: 1 }, { id: 5 }, { id: 3 }])).toBe(6);
    expect(nextRoomId([])).toBe(1);
  });

  it('refuses a layout without seats or naming seats it lacks', () => {
    expect(layoutProblem({ rows: [4, 4], aisles: [], wheelchair: ['A1'] })).toBeUndefined();
    expect(layoutProblem({ rows: [], aisles: [], wheelchair: [] })).toBeDefined();
    expect(layoutProblem({ rows: [4], aisles: [], wheelchair: ['B1'], categories: { A9: 'premium' } })).toContain('B1, A9');
  });

  it('names the sold seats a new layout would take from the shows on sale, once each', () => {
    const taken = [
      { label: 'C4', date: '2026-03-20', schedule: '20:00' },
      { label: 'A1', date: '2026-03-20', schedule: '20:00' },
      { label: 'C4', date: '2026-03-21', schedule: '18:00' },
      { label: 'C10', date: '2026-03-21', schedule: '18:00' },
    ];
    const lost = seatsLost({ rows: [4, 4] }, taken);
    expect(lost.map((seat) => seat.label)).toEqual(['C4', 'C10']);
    expect(soldSeatsLostMessage(lost)).toContain('C4 (función del 2026-03-20 20:00), C10 (función del 2026-03-21 18:00)');
    expect(seatsLost({ rows: [4, 4, 10] }, taken)).toEqual([]);
  });
});
