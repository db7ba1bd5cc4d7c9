/**
 * Reads documents by their ids, one read by `_id` each, all at once. The embedded FerretDB narrows a
 * query in SQLite only by `_id` equality: an `{ _id: { $in: ids } }` filter reads the whole collection,
 * so a few reads by `_id` cost far less than one `$in` there (MongoDB answers either fast).
 */
export async function findEachById<Id, Found>(
  ids: Iterable<Id>,
  find: (id: Id) => PromiseLike<Found | null | undefined>,
): Promise<Map<Id, Found>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => find(id)));
  const byId = new Map<Id, Found>();
  unique.forEach((id, index) => {
    const each = found[index];
    if (each !== null && each !== undefined) byId.set(id, each);
  });
  return byId;
}
