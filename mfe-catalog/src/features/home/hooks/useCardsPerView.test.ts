import { cardsPerViewFor } from './useCardsPerView';

test.each([
  [1280, 4],
  [1000, 4],
  [800, 3],
  [600, 2],
  [375, 2],
  [320, 1],
])('a %ipx wide window shows %i cards per view', (width, cards) => {
  expect(cardsPerViewFor(width)).toBe(cards);
});
