import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@cine/contracts';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** What a paged list's URL says: page, page size, sort and the list's filters (the API's own parameter names). */
export interface ListParams<Filter extends string> {
  page: number;
  pageSize: PageSize;
  sort: string;
  filters: Record<Filter, string>;
  /** The list endpoint's query: always with `page`, so it answers a page. */
  apiQuery: string;
  /** Changes some of them; any change but of the page itself goes back to page 1. Empty text removes a filter. */
  update: (changes: Partial<Record<'page' | 'pageSize' | 'sort' | Filter, string | number>>) => void;
}

const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

/**
 * A server-paged list's state, kept in the URL beside the panel's section, so a reload or a shared
 * link opens the same view. A value the list does not take (a sort of another list) falls back to the default.
 */
export function useListParams<Filter extends string>(
  sorts: readonly string[],
  defaultSort: string,
  filterNames: readonly Filter[],
): ListParams<Filter> {
  const [params, setParams] = useSearchParams();
  // The URL as last set: react-router's functional update sees the render's params, so two changes made before the
  // next render (a date typed, then a room chosen) would keep only the second.
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    // A navigation was committed: the router's params are the latest now.
    rendered.current = params;
    latest.current = params;
  }
  const pageText = params.get('page') ?? '';
  const page = /^[1-9][0-9]{0,4}$/.test(pageText) ? Number(pageText) : 1;
  const size = Number(params.get('pageSize'));
  const pageSize = isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  const sortText = params.get('sort') ?? '';
  const sort = sorts.includes(sortText.replace(/^-/, '')) ? sortText : defaultSort;
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>;

  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort });
  for (const name of filterNames) if (filters[name]) query.set(name, filters[name]);

  const update: ListParams<Filter>['update'] = (changes) => {
    const next = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '' || value === undefined) next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next);
  };

  return { page, pageSize, sort, filters, apiQuery: query.toString(), update };
}
