/**
 * The back office's server-paged lists: one query shape (page, page size, sort, the list's own
 * filters) and one answer shape for every list endpoint. Without `page` an endpoint answers its
 * whole list as an array, as the spec's paths always did.
 */
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

/** The page sizes a list offers: a bounded choice, so no request asks for the whole collection at once. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** `field` ascending or `-field` descending, of the given fields only. */
export type SortText<Field extends string> = Field | `-${Field}`;

/** What a list query's `sort` names: the field and whether it runs descending. */
export interface SortOrder<Field extends string> {
  field: Field;
  descending: boolean;
}

export function parseSort<Field extends string>(sort: SortText<Field>): SortOrder<Field> {
  return sort.startsWith('-') ? { field: sort.slice(1) as Field, descending: true } : { field: sort as Field, descending: false };
}

/** The paging part every list query has. */
export interface PagingQuery<Field extends string> {
  page?: number;
  pageSize?: PageSize;
  sort?: SortText<Field>;
}

/**
 * The querystring schema of a list endpoint: `page` (from 1), `pageSize` (one of PAGE_SIZES),
 * `sort` (one of `sortFields`, `-` first for descending) and the list's own filters.
 * A value outside them is a 400 with the validation's Spanish message.
 */
export function listQuery<Field extends string, Filters extends TProperties>(sortFields: readonly Field[], filters: Filters) {
  const sorts = sortFields.flatMap((field) => [field, `-${field}`]);
  return Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1; with it the answer is a page' })),
      pageSize: Type.Optional(
        Type.Unsafe<PageSize>({ type: 'integer', enum: [...PAGE_SIZES], description: `One of ${PAGE_SIZES.join(', ')}` }),
      ),
      sort: Type.Optional(
        Type.Unsafe<SortText<Field>>({ type: 'string', enum: sorts, description: '`field` ascending or `-field` descending' }),
      ),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** A list endpoint's answer with `page`: one page of the items and how many there are in all. */
export function pageOf<Item extends TSchema>(item: Item) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0, description: 'Items matching the filters, on every page' }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list endpoint's answer: the page with `page`, else the whole list as before. */
export function listAnswer<Item extends TSchema>(item: Item) {
  return Type.Union([pageOf(item), Type.Array(item)]);
}

/** A day filter of a list, 'yyyy-mm-dd'. */
export const dayFilter = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/** A text search of a list. */
export const searchFilter = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

/** Fields of the users' list (identity `GET /admin`). */
export const USER_SORTS = ['username', 'email', 'role', 'createdAt'] as const;
/** Fields of the shows' list (booking `GET /show/all`). */
export const SHOW_SORTS = ['startsAt', 'movie', 'roomId', 'type', 'price', 'seats'] as const;
/** Fields of the candy list (candy `GET /candy`). */
export const CANDY_SORTS = ['name', 'price'] as const;
/** Fields of the comments' and feedback lists (catalog `GET /comments`, `GET /feedback`): authors' names live in identity. */
export const POST_SORTS = ['createdAt'] as const;
