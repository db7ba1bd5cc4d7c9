import { dropTaken, initialChoice, selectionSummary, seatList, tapNotice, tapSeat } from './seatChoice';

describe('seat choice', () => {
  it('adds seats up to the ticket count and takes a chosen seat out when tapped again', () => {
    expect(tapSeat([], 'F5', 2)).toEqual({ outcome: 'added', selected: ['F5'] });
    expect(tapSeat(['F5'], 'F6', 2)).toEqual({ outcome: 'added', selected: ['F5', 'F6'] });
    expect(tapSeat(['F5', 'F6'], 'F5', 2)).toEqual({ outcome: 'removed', selected: ['F6'] });
  });

  it('moves the seat of a single ticket, and says so', () => {
    const tap = tapSeat(['F5'], 'A1', 1);
    expect(tap).toEqual({ outcome: 'moved', selected: ['A1'], from: 'F5' });
    expect(tapNotice(tap, 'A1', 1)).toBe('Cambiaste tu asiento: F5 por A1.');
  });

  it('never drops a chosen seat when every ticket has one: a 4th tap with 3 chosen changes nothing and says why', () => {
    const tap = tapSeat(['E2', 'E3', 'E4'], 'E7', 3);
    expect(tap).toEqual({ outcome: 'full', selected: ['E2', 'E3', 'E4'] });
    expect(tapNotice(tap, 'E7', 3)).toBe('Ya elegiste tus 3 asientos. Para elegir E7, toca primero uno de los tuyos para quitarlo.');
    expect(tapNotice(tapSeat(['E2'], 'E3', 3), 'E3', 3)).toBeNull();
  });

  it('opens with the seats the buyer holds already, then the best adjacent ones for the tickets left', () => {
    const layout = { rows: [6, 6, 6], aisles: [], wheelchair: [] };
    const takenByOthers = (label: string) => label === 'B3';
    expect(initialChoice(layout, takenByOthers, ['C2', 'C1'], 2)).toEqual(['C1', 'C2']);
    expect(initialChoice(layout, takenByOthers, ['C1', 'C2', 'C3'], 2)).toEqual(['C1', 'C2']);
    const three = initialChoice(layout, takenByOthers, ['A1'], 3);
    expect(three).toHaveLength(3);
    expect(three[0]).toBe('A1');
    expect(three).not.toContain('B3');
    expect(new Set(three).size).toBe(3);
    // B4 and B5 would leave B6 alone (B3 is taken): the centre of the row behind instead.
    expect(initialChoice(layout, takenByOthers, [], 2)).toEqual(['C3', 'C4']);
  });

  it('drops seats others took and says which', () => {
    expect(dropTaken(['F5', 'F6', 'F7'], (label) => label !== 'F6')).toEqual({ kept: ['F6'], lost: ['F5', 'F7'] });
  });

  it('summarises the selection in Spanish, in room order', () => {
    expect(seatList(['F10', 'F9', 'B2'])).toBe('B2, F9 y F10');
    expect(selectionSummary([], 2)).toBe('Elige 2 asientos para tus 2 entradas en el mapa.');
    expect(selectionSummary(['F6', 'F5'], 2)).toBe('Elegiste los asientos F5 y F6 (2 de 2).');
    expect(selectionSummary(['F5'], 3)).toBe('Elegiste el asiento F5 (1 de 3). Falta elegir 2 asientos.');
  });
});
