/**
 * Passwords that are too easy to guess, beyond the schema's 8 to 128
 * characters: a list of the most common ones (and their Spanish cousins),
 * one character repeated or only spaces, and the account's own e-mail,
 * the e-mail's name part or the username.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '12341234',
  '11111111',
  '00000000',
  '123123123',
  '147258369',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'contraseña',
  'contrasena',
  'contraseña1',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'asdfghjk',
  'zxcvbnm1',
  'iloveyou',
  'teamo123',
  'admin123',
  'administrador',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'welcome1',
  'bienvenido',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'superman',
  'trustno1',
  'letmein1',
  'dragon12',
  'master12',
  'monkey12',
  'cine1234',
  'cinema123',
  'peliculas',
  'changeme',
]);

export const WEAK_PASSWORD =
  'La contraseña es demasiado fácil de adivinar: evita contraseñas comunes, repetidas o iguales a tu e-mail o usuario.';

export function isWeakPassword(password: string, { email, username }: { email?: string; username?: string }): boolean {
  const text = password.trim().toLowerCase();
  if (text.length === 0 || /^(.)\1*$/u.test(text)) return true;
  if (COMMON_PASSWORDS.has(text)) return true;
  const own = [email, email?.split('@')[0], username].filter((value): value is string => Boolean(value && value.trim()));
  return own.some((value) => value.trim().toLowerCase() === text);
}
