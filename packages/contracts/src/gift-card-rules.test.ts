import {
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  giftCardAmountMessage,
  giftCardLast4,
  groupGiftCardCode,
  normalizeGiftCardCode,
  splitRefund,
} from './gift-card-rules';

describe('gift card codes', () => {
  it('normalises what a person types: case, spaces and dashes ignored', () => {
    expect(normalizeGiftCardCode('7kq2-mx9p-4htr-wn3c')).toBe('7KQ2MX9P4HTRWN3C');
    expect(normalizeGiftCardCode(' 7KQ2 MX9P 4HTR WN3C ')).toBe('7KQ2MX9P4HTRWN3C');
    expect(normalizeGiftCardCode('7KQ2MX9P4HTRWN3C')).toBe('7KQ2MX9P4HTRWN3C');
  });

  it('refuses what cannot be a code: another length or a character outside the alphabet', () => {
    expect(normalizeGiftCardCode('7KQ2-MX9P-4HTR-WN3')).toBeNull();
    expect(normalizeGiftCardCode('7KQ2-MX9P-4HTR-WN3CC')).toBeNull();
    // 0, O, 1, I and L are not in the alphabet (they are read for one another).
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) {
      expect(normalizeGiftCardCode(`7KQ2MX9P4HTRWN3${ambiguous}`)).toBeNull();
    }
    expect(normalizeGiftCardCode('7KQ2MX9P4HTRWN3_')).toBeNull();
    expect(normalizeGiftCardCode('')).toBeNull();
  });

  it('the alphabet has no ambiguous characters and the code 16 of them', () => {
    expect(GIFT_CARD_CODE_LENGTH).toBe(16);
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(GIFT_CARD_CODE_ALPHABET.length);
  });

  it('groups a code in fours and shows only its last four', () => {
    expect(groupGiftCardCode('7KQ2MX9P4HTRWN3C')).toBe('7KQ2-MX9P-4HTR-WN3C');
    expect(normalizeGiftCardCode(groupGiftCardCode('7KQ2MX9P4HTRWN3C'))).toBe('7KQ2MX9P4HTRWN3C');
    expect(giftCardLast4('7KQ2MX9P4HTRWN3C')).toBe('WN3C');
  });

  it('says the bounds of an amount', () => {
    expect(giftCardAmountMessage('$ 10,00', '$ 1.000,00')).toBe('El monto de una tarjeta regalo va de $ 10,00 a $ 1.000,00.');
  });
});

describe('splitRefund', () => {
  const none = { giftCard: 0, card: 0 };

  it('all by bank card or all by gift card: the refund goes back whole to where it came from', () => {
    expect(splitRefund(700, { giftCard: 0, card: 2000 }, none)).toEqual({ giftCard: 0, card: 700 });
    expect(splitRefund(700, { giftCard: 2000, card: 0 }, none)).toEqual({ giftCard: 700, card: 0 });
  });

  it('splits in the order’s proportion, the gift card’s share rounded down to the cent', () => {
    // 1/3 by gift card: 1000 · 1000 / 3000 = 333,33… → 333; the card takes the rest.
    expect(splitRefund(1000, { giftCard: 1000, card: 2000 }, none)).toEqual({ giftCard: 333, card: 667 });
    expect(splitRefund(1, { giftCard: 1000, card: 2000 }, none)).toEqual({ giftCard: 0, card: 1 });
  });

  it('refunds by part add up to what each part paid, never more', () => {
    const paid = { giftCard: 1000, card: 2001 };
    const refunded = { ...none };
    for (const amount of [1000, 1000, 1001]) {
      const part = splitRefund(amount, paid, refunded);
      expect(part.giftCard + part.card).toBe(amount);
      refunded.giftCard += part.giftCard;
      refunded.card += part.card;
    }
    expect(refunded).toEqual(paid);
  });

  it('what one part cannot take any more goes to the other', () => {
    // The bank card already got back all it paid: the rest is the gift card's.
    expect(splitRefund(500, { giftCard: 1000, card: 1000 }, { giftCard: 0, card: 1000 })).toEqual({ giftCard: 500, card: 0 });
    // The gift card already got back all it paid: the rest is the bank card's.
    expect(splitRefund(500, { giftCard: 1000, card: 1000 }, { giftCard: 1000, card: 0 })).toEqual({ giftCard: 0, card: 500 });
  });

  it('never gives back more than is left of either part', () => {
    const part = splitRefund(5000, { giftCard: 1000, card: 1000 }, { giftCard: 500, card: 500 });
    expect(part).toEqual({ giftCard: 500, card: 500 });
  });

  it('issue 41: splits over three parts (gift card, points, bank card) in proportion, the bank card taking the rest', () => {
    const paid = { giftCard: 1000, points: 500, card: 1501 };
    // 1000 of 3001: floor(1000 · 1000 / 3001) = 333 to the gift card, floor(1000 · 500 / 3001) = 166 to the points.
    expect(splitRefund(1000, paid, { giftCard: 0, points: 0, card: 0 })).toEqual({ giftCard: 333, points: 166, card: 501 });
    const refunded = { giftCard: 0, points: 0, card: 0 };
    for (const amount of [1000, 1000, 1001]) {
      const part = splitRefund(amount, paid, refunded);
      expect(part.giftCard + part.points + part.card).toBe(amount);
      refunded.giftCard += part.giftCard;
      refunded.points += part.points;
      refunded.card += part.card;
    }
    // Refunded whole: every part got back exactly what it paid.
    expect(refunded).toEqual(paid);
    // The bank card given back whole already: its share goes to the other parts (the first with room first).
    expect(splitRefund(600, paid, { giftCard: 0, points: 0, card: 1501 })).toEqual({ giftCard: 501, points: 99, card: 0 });
  });

  it('nothing to split: nothing paid or nothing asked', () => {
    expect(splitRefund(100, none, none)).toEqual(none);
    expect(splitRefund(0, { giftCard: 1000, card: 1000 }, none)).toEqual(none);
    expect(splitRefund(-5, { giftCard: 1000, card: 1000 }, none)).toEqual(none);
  });
});
