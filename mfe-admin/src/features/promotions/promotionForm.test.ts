import { PROMO_MESSAGES, type PromotionView } from '@cine/contracts';
import {
  emptyPromotionForm,
  promotionFormFrom,
  PROMOTION_FORM_MESSAGES,
  toPromotionFields,
  toPromotionInput,
  validatePromotionForm,
  type PromotionFormValues,
} from './promotionForm';

const form = (changes: Partial<PromotionFormValues>): PromotionFormValues => ({
  ...emptyPromotionForm,
  code: 'VERANO-26',
  name: 'Verano',
  value: '20',
  ...changes,
});

test('the form refuses what the service refuses (promotionFieldsProblem): a percent beyond 100, dates or times reversed', () => {
  expect(validatePromotionForm(form({ value: '120' })).form).toBe(PROMO_MESSAGES.notAPercent);
  expect(validatePromotionForm(form({ from: '2026-12-31', to: '2026-12-01' })).form).toBe(PROMO_MESSAGES.datesReversed);
  expect(validatePromotionForm(form({ timeFrom: '18:00', timeTo: '18:00' })).form).toBe(PROMO_MESSAGES.timesReversed);
  expect(validatePromotionForm(form({}))).toEqual({});
});

test('each field’s format: the code’s pattern, a name, a value above zero, whole numbers for limits', () => {
  expect(validatePromotionForm(form({ code: 'AB', name: ' ', value: '0', limitTotal: '2.5' }))).toEqual({
    code: PROMOTION_FORM_MESSAGES.code,
    name: PROMOTION_FORM_MESSAGES.name,
    value: PROMOTION_FORM_MESSAGES.whole,
    limitTotal: PROMOTION_FORM_MESSAGES.whole,
  });
  expect(validatePromotionForm(form({ kind: 'amount', value: 'abc' })).value).toBe(PROMOTION_FORM_MESSAGES.value);
});

test('the body: money in cents, the code upper-case, empty rules left out, weekdays in the week’s order', () => {
  expect(
    toPromotionInput(
      form({
        code: 'martes-2x1',
        kind: 'fixedPrice',
        value: '1500,50',
        weekdays: ['Martes', 'Lunes'],
        formats: ['3D'],
        limitTotal: '20',
        limitPerUser: '1',
      }),
    ),
  ).toEqual({
    code: 'MARTES-2X1',
    name: 'Verano',
    kind: 'fixedPrice',
    value: 150050,
    appliesTo: { weekdays: ['Lunes', 'Martes'], formats: ['3D'] },
    limits: { total: 20, perUser: 1 },
    active: true,
  });
});

test('an edited promotion comes back unchanged, its movies kept though the form does not show them', () => {
  const promotion: PromotionView = {
    code: 'ESTRENO',
    name: 'Estreno',
    kind: 'amount',
    value: 500,
    appliesTo: { movieIds: ['64d000000000000000000001'], cinemaIds: ['c1e000000000000000000001'], from: '2026-12-01', timeFrom: '18:00' },
    minTickets: 2,
    maxTicketsPerOrder: 4,
    limits: { total: 100 },
    active: false,
    uses: 3,
    held: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  const { code, uses, held, createdAt, ...fields } = promotion;
  void [code, uses, held, createdAt];
  expect(promotionFormFrom(promotion).value).toBe('5,00');
  expect(toPromotionFields(promotionFormFrom(promotion))).toEqual(fields);
});
