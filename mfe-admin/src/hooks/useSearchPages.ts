import { useState } from 'react';
import type { Paging } from '../components/PagedTable';

/**
 * A searched, server-paged list whose state is the section's own (not the URL's, as useListParams): the text
 * searched and the page, for PagedTable. A new search goes back to page 1.
 */
export function useSearchPages() {
  const [state, setState] = useState({ query: '', page: 1, version: 0 });
  const find = (query: string) => setState((current) => ({ ...current, query, page: 1 }));
  const reload = () => setState((current) => ({ ...current, version: current.version + 1 }));
  const list: Paging = { update: ({ page }) => setState((current) => ({ ...current, page: page ?? 1 })) };
  return {
    query: state.query,
    page: state.page,
    /** useAsyncData's key: what the page shown depends on. */
    key: `${state.query}|${state.page}|${state.version}`,
    find,
    reload,
    /** 'Ver todos': the whole list again after a search, else the same list read again. */
    showAll: () => (state.query ? find('') : reload()),
    list,
  };
}
