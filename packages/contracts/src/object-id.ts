/**
 * A MongoDB ObjectId as text (24 hexadecimal digits), as ids travel in paths, queries and bodies. Apart from
 * primitives.ts (its TypeBox schema): a web app that checks an id downloads this, not TypeBox.
 */
export const OBJECT_ID_PATTERN = '^[0-9a-fA-F]{24}$';
const OBJECT_ID = new RegExp(OBJECT_ID_PATTERN);

/** True for text that is an ObjectId's (24 hexadecimal digits, either case): what may be looked up by `_id`. */
export function isObjectIdText(text: string): boolean {
  return OBJECT_ID.test(text);
}
