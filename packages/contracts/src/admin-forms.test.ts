import { CANDY_FORM_MESSAGES, missingFieldMessages, SHOW_FORM_MESSAGES } from './admin-forms';

const filledShow = { schedule: '20:00', movieId: 'm1', roomId: '2', day: 'Lunes', type: '2D' };

describe('missingFieldMessages', () => {
  it('gives every empty field its message, in the form order', () => {
    const missing = missingFieldMessages(SHOW_FORM_MESSAGES, { schedule: '', movieId: '', roomId: '', day: '', type: '' });

    expect(Object.entries(missing)).toEqual(Object.entries(SHOW_FORM_MESSAGES));
  });

  it('counts a field absent or of blanks only as empty, any other value as filled', () => {
    const missing = missingFieldMessages(CANDY_FORM_MESSAGES, { name: '  \t', quantity: 0, price: '12.50' });

    expect(missing).toEqual({ name: CANDY_FORM_MESSAGES.name, picture: CANDY_FORM_MESSAGES.picture });
  });

  it('answers nothing when every field is filled', () => {
    expect(missingFieldMessages(SHOW_FORM_MESSAGES, filledShow)).toEqual({});
  });

  it('checks only the fields given, in their order', () => {
    const missing = missingFieldMessages(SHOW_FORM_MESSAGES, { ...filledShow, movieId: '', type: ' ', schedule: '' }, ['type', 'movieId']);

    expect(Object.entries(missing)).toEqual([
      ['type', SHOW_FORM_MESSAGES.type],
      ['movieId', SHOW_FORM_MESSAGES.movieId],
    ]);
  });

  it("puts the form's first empty field first: the message a service answers", () => {
    const [first] = Object.values(missingFieldMessages(SHOW_FORM_MESSAGES, { ...filledShow, roomId: undefined, type: '' }));

    expect(first).toBe(SHOW_FORM_MESSAGES.roomId);
  });
});
