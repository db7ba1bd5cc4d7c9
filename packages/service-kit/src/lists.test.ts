import { pageOfList } from './lists';

const numbers = Array.from({ length: 27 }, (_, index) => ({ id: index, value: index % 4 }));
const byValue = (_field: 'value', a: { value: number }, b: { value: number }) => a.value - b.value;

describe('pageOfList', () => {
  it('answers the page asked of the sorted list with the total; ties keep the list order', () => {
    const page = pageOfList(numbers, { page: 2, pageSize: 10, sort: 'value' }, 'value', byValue);

    expect(page).toEqual({ total: 27, page: 2, pageSize: 10, items: expect.any(Array) });
    const items = Array.isArray(page) ? page : page.items;
    expect(items.map((item) => item.id)).toEqual([13, 17, 21, 25, 2, 6, 10, 14, 18, 22]);
  });

  it('sorts descending with -field, and answers the whole sorted list without page', () => {
    const list = pageOfList(numbers, { sort: '-value' }, 'value', byValue);

    expect(Array.isArray(list) && list.slice(0, 3).map((item) => item.id)).toEqual([3, 7, 11]);
    expect(Array.isArray(list) && list).toHaveLength(27);
  });

  it('answers the last, short page and an empty page past it', () => {
    const last = pageOfList(numbers, { page: 3, pageSize: 10 }, 'value', byValue);
    const past = pageOfList(numbers, { page: 4, pageSize: 10 }, 'value', byValue);

    expect(!Array.isArray(last) && last.items).toHaveLength(7);
    expect(past).toEqual({ items: [], total: 27, page: 4, pageSize: 10 });
  });
});
