import { DEFAULT_PAGE_SIZE, parseSort, type Page, type PagingQuery, type SortOrder, type SortText } from '@cine/contracts';
import type { mongo } from 'mongoose';

/** How a list is read: its filter, its projection, the sort when the query names none. */
export interface ListRead<Field extends string> {
  filter: mongo.Filter<mongo.Document>;
  projection?: mongo.Document;
  defaultSort: SortText<Field>;
  /** The stored path of a sort field when it differs from its name. */
  paths?: Partial<Record<Field, string>>;
}

/** The mongo sort of a list order, with _id last so equal values keep one order from page to page. */
function mongoSort<Field extends string>(order: SortOrder<Field>, paths: Partial<Record<Field, string>>): Record<string, 1 | -1> {
  const direction = order.descending ? -1 : 1;
  const path = paths[order.field] ?? order.field;
  return path === '_id' ? { _id: direction } : { [path]: direction, _id: direction };
}

/**
 * A list query applied to a collection (a model's is `model.collection`): filtered and sorted; with `page`, that page of `pageSize`
 * and the count of every match (read in parallel), otherwise every match as the spec's paths answer.
 */
export async function readList<Doc extends mongo.Document, Field extends string>(
  collection: mongo.Collection<Doc>,
  query: PagingQuery<Field>,
  read: ListRead<Field>,
): Promise<Page<mongo.WithId<Doc>> | Array<mongo.WithId<Doc>>> {
  const sort = mongoSort(parseSort(query.sort ?? read.defaultSort), read.paths ?? {});
  const find = () => collection.find(read.filter, { projection: read.projection, sort });
  if (query.page === undefined) return find().toArray();
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const [items, total] = await Promise.all([
    find()
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
    collection.countDocuments(read.filter),
  ]);
  return { items, total, page: query.page, pageSize };
}

/** The same for a list already in memory (a read model): `compare` orders two items by a field, ascending. */
export function pageOfList<Item, Field extends string>(
  items: readonly Item[],
  query: PagingQuery<Field>,
  defaultSort: SortText<Field>,
  compare: (field: Field, a: Item, b: Item) => number,
): Page<Item> | Item[] {
  const { field, descending } = parseSort(query.sort ?? defaultSort);
  // Array sort is stable: items equal on the field keep the list's own order, the tie-breaker.
  const sorted = [...items].sort((a, b) => (descending ? -1 : 1) * compare(field, a, b));
  if (query.page === undefined) return sorted;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const start = (query.page - 1) * pageSize;
  return { items: sorted.slice(start, start + pageSize), total: sorted.length, page: query.page, pageSize };
}

/** Maps a list's items, page or not. */
export function mapList<From, To>(list: Page<From> | From[], map: (item: From) => To): Page<To> | To[] {
  return Array.isArray(list) ? list.map(map) : { ...list, items: list.items.map(map) };
}
