import { priceLine, type PricedLine, type ShowPricing } from './priced-lines';
import {
  discountLines,
  lineDiscount,
  normalizePromoCode,
  PROMO_CODE_PATTERN,
  PROMO_MESSAGES,
  promoExpiredMessage,
  promoMinTicketsMessage,
  promoNotForFormatMessage,
  promoNotYetMessage,
  promoShowProblem,
  promotionFieldsProblem,
  type PromoContext,
} from './promotion-rules';

const pricing: ShowPricing = {
  card: { id: 'card', name: 'General' },
  types: [
    { type: 'general', name: 'General', description: '', requiresId: false, base: 999 },
    { type: 'menor', name: 'Menor', description: '', requiresId: false, base: 650 },
  ],
  format: '3D',
  formatSurcharge: 250,
  categorySurcharges: { premium: 175 },
};

function line(seatLabel: string, type: string, category: 'standard' | 'premium' = 'standard'): PricedLine {
  const priced = priceLine(pricing, { seatLabel, type, category });
  if (!priced) throw new Error(`no price for ${type}`);
  return priced;
}

describe('lineDiscount', () => {
  it('takes a percent of the whole line, surcharges included, rounded to the cent', () => {
    // 999 + 250 (3D) + 175 (premium) = 1424; 15 % = 213.6 → 214
    const premium3d = line('A1', 'general', 'premium');
    expect(premium3d.total).toBe(1424);
    expect(lineDiscount('percent', 15, premium3d)).toBe(214);
    // 1249 × 10 % = 124.9 → 125; 1249 × 50 % = 624.5 → 625 (half rounds up)
    expect(lineDiscount('percent', 10, line('A2', 'general'))).toBe(125);
    expect(lineDiscount('percent', 50, line('A2', 'general'))).toBe(625);
  });

  it('never takes more than the line, whatever the percent or amount', () => {
    const standard = line('A1', 'menor'); // 650 + 250 = 900
    expect(lineDiscount('percent', 100, standard)).toBe(900);
    expect(lineDiscount('amount', 300, standard)).toBe(300);
    expect(lineDiscount('amount', 5000, standard)).toBe(900);
  });

  it('prices the base at the fixed price and keeps the surcharges', () => {
    const premium3d = line('A1', 'general', 'premium'); // base 999, total 1424
    expect(lineDiscount('fixedPrice', 500, premium3d)).toBe(499);
    expect(premium3d.total - lineDiscount('fixedPrice', 500, premium3d)).toBe(500 + 250 + 175);
  });

  it('gives nothing when the fixed price is above the base (never a surcharge)', () => {
    const menor = line('A1', 'menor'); // base 650
    expect(lineDiscount('fixedPrice', 650, menor)).toBe(0);
    expect(lineDiscount('fixedPrice', 800, menor)).toBe(0);
  });

  it('takes the whole base with a fixed price of 0 but leaves the surcharges to pay', () => {
    const menor = line('A1', 'menor');
    expect(lineDiscount('fixedPrice', 0, menor)).toBe(650);
  });
});

describe('discountLines', () => {
  const base = { kind: 'percent' as const, value: 20, appliesTo: {} };

  it('discounts every line when no rule limits it', () => {
    const lines = [line('A1', 'general'), line('A2', 'menor')];
    expect(discountLines(base, lines)).toEqual({ discounts: [250, 180] }); // 1249×20%=249.8→250, 900×20%=180
  });

  it('discounts only the ticket types it names, in the order of the lines', () => {
    const lines = [line('A1', 'general'), line('A2', 'menor'), line('A3', 'general')];
    expect(discountLines({ ...base, appliesTo: { ticketTypes: ['menor'] } }, lines)).toEqual({ discounts: [0, 180, 0] });
  });

  it('discounts the dearest lines first when it caps the tickets (ties by seat label)', () => {
    const lines = [line('B2', 'menor'), line('B1', 'general'), line('A9', 'general', 'premium'), line('A1', 'general')];
    // totals: 900, 1249, 1424, 1249 → two dearest: A9 (1424), then A1 before B1 (tie at 1249)
    const result = discountLines({ ...base, kind: 'amount', value: 100, maxTicketsPerOrder: 2 }, lines);
    expect(result).toEqual({ discounts: [0, 0, 100, 100] });
  });

  it('refuses an empty cart, a cart without its types and one below the minimum', () => {
    expect(discountLines(base, [])).toEqual({ problem: PROMO_MESSAGES.noTickets });
    expect(discountLines({ ...base, appliesTo: { ticketTypes: ['jubilado'] } }, [line('A1', 'general')])).toEqual({
      problem: PROMO_MESSAGES.notForTypes,
    });
    expect(discountLines({ ...base, minTickets: 2 }, [line('A1', 'general')])).toEqual({ problem: promoMinTicketsMessage(2) });
    expect(
      discountLines({ ...base, minTickets: 2, appliesTo: { ticketTypes: ['menor'] } }, [line('A1', 'general'), line('A2', 'menor')]),
    ).toEqual({
      problem: promoMinTicketsMessage(2),
    });
  });

  it('sums to what the order is discounted, never more than its tickets', () => {
    const lines = [line('A1', 'general'), line('A2', 'menor'), line('A3', 'general', 'premium')];
    const result = discountLines({ ...base, kind: 'amount', value: 100_000 }, lines);
    if (!('discounts' in result)) throw new Error(result.problem);
    expect(result.discounts.reduce((sum, discount) => sum + discount, 0)).toBe(lines.reduce((sum, priced) => sum + priced.total, 0));
  });
});

describe('promoShowProblem', () => {
  const context: PromoContext = { today: '2026-12-02', movieId: 'm1', cinemaId: 'c1', format: '3D', weekday: 'Miércoles', time: '19:30' };

  it('accepts a show every rule matches', () => {
    expect(
      promoShowProblem(
        {
          from: '2026-12-02',
          to: '2026-12-02',
          movieIds: ['m1'],
          cinemaIds: ['c1'],
          formats: ['3D'],
          weekdays: ['Miércoles'],
          timeFrom: '19:30',
          timeTo: '19:31',
        },
        context,
      ),
    ).toBeNull();
  });

  it('says when the code starts or ended, with the dates', () => {
    expect(promoShowProblem({ from: '2026-12-03' }, context)).toBe(promoNotYetMessage('2026-12-03'));
    expect(promoNotYetMessage('2026-12-03')).toBe('Este código vale a partir del 03/12/2026.');
    expect(promoShowProblem({ to: '2026-12-01' }, context)).toBe(promoExpiredMessage('2026-12-01'));
    expect(promoExpiredMessage('2026-12-01')).toBe('Este código venció el 01/12/2026.');
  });

  it('names the rule the show breaks', () => {
    expect(promoShowProblem({ movieIds: ['m2'] }, context)).toBe(PROMO_MESSAGES.notForMovie);
    expect(promoShowProblem({ cinemaIds: ['c2'] }, context)).toBe(PROMO_MESSAGES.notForCinema);
    expect(promoShowProblem({ formats: ['2D'] }, context)).toBe(promoNotForFormatMessage('3D'));
    expect(promoShowProblem({ weekdays: ['Martes'] }, context)).toBe(PROMO_MESSAGES.notForDay);
    expect(promoShowProblem({ timeFrom: '20:00' }, context)).toBe(PROMO_MESSAGES.notForTime);
    expect(promoShowProblem({ timeTo: '19:30' }, context)).toBe(PROMO_MESSAGES.notForTime);
  });
});

describe('promotionFieldsProblem', () => {
  it('refuses a percent outside 1–100, reversed dates and reversed times', () => {
    expect(promotionFieldsProblem({ kind: 'percent', value: 101, appliesTo: {} })).toBe(PROMO_MESSAGES.notAPercent);
    expect(promotionFieldsProblem({ kind: 'percent', value: 0, appliesTo: {} })).toBe(PROMO_MESSAGES.notAPercent);
    expect(promotionFieldsProblem({ kind: 'amount', value: 5000, appliesTo: {} })).toBeNull();
    expect(promotionFieldsProblem({ kind: 'amount', value: 1, appliesTo: { from: '2026-12-02', to: '2026-12-01' } })).toBe(
      PROMO_MESSAGES.datesReversed,
    );
    expect(promotionFieldsProblem({ kind: 'amount', value: 1, appliesTo: { timeFrom: '20:00', timeTo: '20:00' } })).toBe(
      PROMO_MESSAGES.timesReversed,
    );
  });
});

describe('promo codes', () => {
  it('are compared upper-case and trimmed, 4 to 32 letters, digits or dashes', () => {
    expect(normalizePromoCode('  verano-2026 ')).toBe('VERANO-2026');
    const pattern = new RegExp(PROMO_CODE_PATTERN);
    expect(pattern.test('abcd')).toBe(true);
    expect(pattern.test('abc')).toBe(false);
    expect(pattern.test('A'.repeat(33))).toBe(false);
    expect(pattern.test('VERANO_2026')).toBe(false);
  });
});
