import { ObjectIdText } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Username = Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' });
/** Passwords being set; the ones checked at login only need to be non-empty. */
export const NewPassword = Type.String({ minLength: 8, maxLength: 128 });
export const UserId = ObjectIdText;
