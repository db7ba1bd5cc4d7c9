import { carouselPage } from './carouselPaging';

test('at the start only the right arrow shows, when more than a page of movies exist', () => {
  expect(carouselPage(6, 4, 0)).toEqual({ offset: 0, canGoBack: false, canGoForward: true });
});

test('no arrows when everything fits in one view', () => {
  expect(carouselPage(4, 4, 0)).toEqual({ offset: 0, canGoBack: false, canGoForward: false });
  expect(carouselPage(2, 4, 0)).toEqual({ offset: 0, canGoBack: false, canGoForward: false });
  expect(carouselPage(0, 4, 0)).toEqual({ offset: 0, canGoBack: false, canGoForward: false });
});

test('the left arrow shows once the offset is above 0; the right one while more than a view remains', () => {
  expect(carouselPage(6, 4, 1)).toEqual({ offset: 1, canGoBack: true, canGoForward: true });
  expect(carouselPage(6, 4, 2)).toEqual({ offset: 2, canGoBack: true, canGoForward: false });
});

test('an offset beyond the last full view, or below 0, is clamped', () => {
  expect(carouselPage(6, 4, 5).offset).toBe(2);
  expect(carouselPage(6, 4, -1).offset).toBe(0);
  expect(carouselPage(3, 4, 2).offset).toBe(0);
});

test('a phone view of one card keeps the same rules', () => {
  expect(carouselPage(3, 1, 0)).toEqual({ offset: 0, canGoBack: false, canGoForward: true });
  expect(carouselPage(3, 1, 2)).toEqual({ offset: 2, canGoBack: true, canGoForward: false });
});
