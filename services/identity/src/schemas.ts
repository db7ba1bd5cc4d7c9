import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cine/contracts';
import { ObjectIdText } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Username = Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' });
/** Passwords being set; the ones checked at login only need to be non-empty. */
export const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
export const UserId = ObjectIdText;
/** A manager's or staff member's cinemas (issue 38); an empty list is answered in Spanish by the rule, not the schema. */
export const CinemaIds = Type.Array(ObjectIdText, { maxItems: 50, description: 'Ids of cinemas of the chain (GET /cinemas)' });
