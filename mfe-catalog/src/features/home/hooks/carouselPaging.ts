import { useState } from 'react';

export interface CarouselPage {
  /** Index of the first visible item. */
  offset: number;
  /** The left arrow shows only when the carousel has moved. */
  canGoBack: boolean;
  /** The right arrow shows only when more than a page of items remain from the offset. */
  canGoForward: boolean;
}

/** The spec's paging rule for one offset; an offset past the end is pulled back to the last full page. */
export function carouselPage(total: number, visibleCount: number, offset: number): CarouselPage {
  const lastOffset = Math.max(0, total - visibleCount);
  const clamped = Math.min(Math.max(0, offset), lastOffset);
  return { offset: clamped, canGoBack: clamped > 0, canGoForward: total - clamped > visibleCount };
}

/** Carousel state that scrolls one item per arrow click; give the carousel a new key to start a new list from its first item. */
export function useCarouselPaging(total: number, visibleCount: number) {
  const [rawOffset, setRawOffset] = useState(0);
  const page = carouselPage(total, visibleCount, rawOffset);

  return {
    ...page,
    next: () => setRawOffset(carouselPage(total, visibleCount, page.offset + 1).offset),
    previous: () => setRawOffset(carouselPage(total, visibleCount, page.offset - 1).offset),
  };
}
