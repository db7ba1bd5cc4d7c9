import { useState } from 'react';
import { useAsyncData } from '@cine/web-kit';

/**
 * A section's list: everything, or the answer to the search of its SearchBar. `showAll`
 * ('Ver todos') leaves the search, or loads the list again when there is none.
 */
export function useSearchableList<T>(load: (query: string) => Promise<T[]>) {
  const [query, setQuery] = useState('');
  const list = useAsyncData(() => load(query), query);
  return { query, list, search: setQuery, showAll: () => (query ? setQuery('') : list.reload()) };
}
