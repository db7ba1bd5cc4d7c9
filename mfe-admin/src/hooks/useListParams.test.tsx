import { act } from '@testing-library/react';
import { currentSearch, renderInPanel } from '../test/inPanel';
import { useListParams, type ListParams } from './useListParams';

let list: ListParams<'from' | 'to' | 'roomId'>;

function ShowsFilters() {
  list = useListParams(['startsAt', 'roomId'], 'startsAt', ['from', 'to', 'roomId']);
  return null;
}

test('changes made one after another before the next render are all kept, and any but the page goes back to page 1', () => {
  renderInPanel(<ShowsFilters />, '/admin?seccion=funciones&page=3');
  act(() => {
    list.update({ from: '2026-12-16' });
    list.update({ to: '2026-12-16' });
    list.update({ roomId: 4 });
  });
  expect(currentSearch()).toBe('?seccion=funciones&from=2026-12-16&to=2026-12-16&roomId=4');
  expect(list.filters).toEqual({ from: '2026-12-16', to: '2026-12-16', roomId: '4' });

  act(() => list.update({ page: 2 }));
  act(() => list.update({ from: '' }));
  expect(currentSearch()).toBe('?seccion=funciones&to=2026-12-16&roomId=4');
  expect(list.apiQuery).toBe('page=1&pageSize=25&sort=startsAt&to=2026-12-16&roomId=4');
});
