import { capacityOfLayout, seatsOf, type PriceCard, type TicketType } from '@cine/contracts';
import { isRefusal } from '../src/refusal';
import {
  cardRefusal,
  GENERAL_NOT_DELETABLE,
  pricingForSlot,
  PRICE_CARD_NOT_FOUND,
  showPricingOf,
  showSlotOf,
  typeDeletionRefusal,
} from '../src/pricing/pricing-rules';
import { SEEDED_PRICE_CARDS, SEEDED_SURCHARGES, SEEDED_TICKET_TYPES } from '../src/pricing/pricing-seed';
import { SEEDED_ROOM_LAYOUTS } from '../src/shows/rooms';

const cards: PriceCard[] = SEEDED_PRICE_CARDS.map((card) => ({ ...card }));
const types: TicketType[] = SEEDED_TICKET_TYPES.map((type) => ({ ...type }));
const catalogue = { cards, types, surcharges: SEEDED_SURCHARGES };
const codes = types.map((type) => type.code);

describe('a show’s card and pricing', () => {
  it('takes its slot from its cinema day, weekday, start and format', () => {
    expect(showSlotOf({ date: '2026-03-11', schedule: '14:30', type: '3D' })).toEqual({
      date: '2026-03-11',
      weekday: 'Miércoles',
      time: '14:30',
      format: '3D',
    });
  });

  it('picks Matiné before 15:00, Tarifa general from 15:00, Día del espectador on a Wednesday whatever the time', () => {
    const card = (date: string, schedule: string) => {
      const pricing = pricingForSlot(catalogue, { date, schedule, type: '2D' });
      return isRefusal(pricing) ? pricing : pricing?.card.name;
    };
    expect(card('2026-03-12', '14:59')).toBe('Matiné');
    expect(card('2026-03-12', '15:00')).toBe('Tarifa general');
    expect(card('2026-03-11', '11:00')).toBe('Día del espectador');
    expect(card('2026-03-11', '21:00')).toBe('Día del espectador');
  });

  it('uses the card named, and refuses a card that does not exist', () => {
    const named = pricingForSlot(catalogue, { date: '2026-03-11', schedule: '21:00', type: '2D' }, 'tarifa-general');
    expect(!isRefusal(named) && named?.card).toEqual({ id: 'tarifa-general', name: 'Tarifa general' });
    expect(pricingForSlot(catalogue, { date: '2026-03-11', schedule: '21:00', type: '2D' }, 'nada')).toEqual({
      outcome: 'refused',
      kind: 'not-found',
      message: PRICE_CARD_NOT_FOUND,
    });
  });

  it('answers no pricing when no card matches (the show sells one price)', () => {
    expect(
      pricingForSlot(
        { ...catalogue, cards: cards.filter((card) => card.id === 'matine') },
        {
          date: '2026-03-12',
          schedule: '20:00',
          type: '2D',
        },
      ),
    ).toBeUndefined();
  });

  it('fixes the active types the card prices, with the format’s and the categories’ surcharges', () => {
    const general = cards.find((card) => card.id === 'tarifa-general') as PriceCard;
    const withInactive = types.map((type) => (type.code === 'estudiante' ? { ...type, active: false } : type));
    const pricing = showPricingOf(general, withInactive, SEEDED_SURCHARGES, '3D');
    expect(pricing).toEqual({
      card: { id: 'tarifa-general', name: 'Tarifa general' },
      types: [
        { type: 'general', name: 'General', description: '', requiresId: false, base: 900 },
        { type: 'menor', name: 'Menor (hasta 12 años)', description: 'Niñas y niños de hasta 12 años', requiresId: false, base: 700 },
        { type: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, base: 650 },
      ],
      format: '3D',
      formatSurcharge: 200,
      categorySurcharges: { premium: 300 },
    });
    expect(showPricingOf(general, types, SEEDED_SURCHARGES, '2D').formatSurcharge).toBe(0);
  });
});

describe('the rules of a card', () => {
  const input = { name: 'Trasnoche', prices: { general: 800 }, rules: { from: '23:00' }, priority: 10 };

  it('accepts a card of equal priority whose rules do not overlap', () => {
    expect(cardRefusal(input, cards, codes)).toBeUndefined();
  });

  it('refuses a card of equal priority whose rules overlap, naming the other card (409)', () => {
    expect(cardRefusal({ ...input, rules: { from: '13:00' } }, cards, codes)).toEqual({
      outcome: 'refused',
      kind: 'conflict',
      message:
        'La tarifa «Matiné» tiene la misma prioridad (10) y sus reglas se superponen con las de esta: cambia la prioridad o las reglas.',
    });
  });

  it('does not compare a card being changed with itself', () => {
    const matine = cards.find((card) => card.id === 'matine') as PriceCard;
    expect(cardRefusal({ ...matine, prices: { general: 700 } }, cards, codes, 'matine')).toBeUndefined();
    expect(cardRefusal({ ...matine, prices: { general: 700 } }, cards, codes)?.kind).toBe('conflict');
  });

  it('refuses prices of unknown types and reversed times or dates (400)', () => {
    expect(cardRefusal({ ...input, prices: { vip: 100 } }, cards, codes)).toMatchObject({
      kind: 'invalid',
      message: 'La tarifa pone precio a un tipo de entrada que no existe: «vip».',
    });
    expect(cardRefusal({ ...input, rules: { from: '15:00', to: '13:00' } }, cards, codes)).toMatchObject({
      kind: 'invalid',
      message: 'La hora «desde» de la tarifa debe ser anterior a su hora «hasta».',
    });
    expect(cardRefusal({ ...input, rules: { dates: { from: '2026-05-02', to: '2026-05-01' } } }, cards, codes)).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('deleting a ticket type', () => {
  const menor = types[1] as TicketType;

  it('is refused while a card, a show or an order uses it, saying it can be deactivated', () => {
    expect(typeDeletionRefusal(menor, { card: 'Matiné' })).toEqual({
      outcome: 'refused',
      kind: 'conflict',
      message:
        'El tipo de entrada «Menor (hasta 12 años)» no se puede eliminar: la tarifa «Matiné» le pone precio. Puedes desactivarlo para que no se venda más.',
    });
    expect(typeDeletionRefusal(menor, { shows: 2 })?.message).toContain('figura en 2 funciones');
    expect(typeDeletionRefusal(menor, { orders: 1 })?.message).toContain('figura en 1 compra.');
    expect(typeDeletionRefusal(menor, undefined)).toBeUndefined();
  });

  it('never deletes General (the type of every one-price show and order)', () => {
    expect(typeDeletionRefusal(types[0] as TicketType, undefined)?.message).toBe(GENERAL_NOT_DELETABLE);
  });
});

describe('the seeded rooms’ seat categories', () => {
  it('makes room 5’s two back rows premium', () => {
    const room5 = SEEDED_ROOM_LAYOUTS[5]!;
    const premium = Object.entries(room5.categories ?? {})
      .filter(([, category]) => category === 'premium')
      .map(([label]) => label);
    expect(premium).toHaveLength(32);
    expect(premium.every((label) => /^[KL]\d+$/.test(label))).toBe(true);
  });

  it('lists every wheelchair space, with one companion seat of the room beside (or in front of) each', () => {
    for (const layout of Object.values(SEEDED_ROOM_LAYOUTS)) {
      const labels = seatsOf(layout).map((seat) => seat.label);
      const companions = layout.companions ?? {};
      for (const space of layout.wheelchair) {
        expect(layout.categories?.[space]).toBe('wheelchair');
        expect(Object.values(companions).filter((of) => of === space)).toHaveLength(1);
      }
      for (const [companion, space] of Object.entries(companions)) {
        expect(labels).toContain(companion);
        expect(layout.wheelchair).toContain(space);
        expect(layout.categories?.[companion]).toBe('companion');
      }
      expect(capacityOfLayout(layout)).toBe(labels.length);
    }
  });
});
