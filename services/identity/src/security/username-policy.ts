import { hasControlCharacters, hasInvisibleCharacters } from '@cine/contracts';

/**
 * Usernames are shown next to comments and in the admin's user list, so one
 * must not pass for the staff's or for another user's: no control characters,
 * no invisible ones (a right-to-left override shows `\u202eadmin` reversed, a
 * zero-width space makes `ad\u200bmin` look like `admin`), and not a reserved
 * name however it is spelled (case, accents, full-width letters, separators).
 */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrador',
  'administradora',
  'administrator',
  'root',
  'superuser',
  'sudo',
  'sistema',
  'system',
  'soporte',
  'support',
  'ayuda',
  'help',
  'moderador',
  'moderadora',
  'moderator',
  'staff',
  'equipo',
  'seguridad',
  'security',
  'cine',
  'webmaster',
  'postmaster',
  'noreply',
  'null',
  'undefined',
]);

const USERNAME_INVISIBLE = 'El nombre de usuario no puede tener caracteres invisibles ni de control.';
const USERNAME_RESERVED = 'Ese nombre de usuario está reservado. Elige otro.';

/** The name reduced to the letters and digits a reader sees: `Ｓóporte`, `so-porte` and `SOPORTE` are all `soporte`. */
function lookalikeKey(username: string): string {
  return username
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** What is wrong with a username being chosen (registration or rename), as a Spanish message; undefined when it is fine. */
export function usernameProblem(username: string): string | undefined {
  if (hasControlCharacters(username) || hasInvisibleCharacters(username)) return USERNAME_INVISIBLE;
  if (RESERVED_USERNAMES.has(lookalikeKey(username))) return USERNAME_RESERVED;
  return undefined;
}
