import { missingFieldMessages } from '@cine/contracts';

/** The add-user modal's messages (spec §5), in the form's order. */
const USER_FIELD_MESSAGES = {
  username: 'Por favor ingresa un usuario *',
  password: 'Por favor ingresa la contraseña *',
  email: 'Por favor ingresa un email *',
  role: 'Por favor ingresa el rol *',
} as const;

export type UserFormField = keyof typeof USER_FIELD_MESSAGES;
export type UserFormValues = Record<UserFormField, string>;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export const emptyUserForm: UserFormValues = { username: '', password: '', email: '', role: '' };

/** Every empty field's message; `fields` limits the check (the edit form has no password). */
export function validateUserForm(values: UserFormValues, fields?: readonly UserFormField[]): UserFormErrors {
  return missingFieldMessages(USER_FIELD_MESSAGES, values, fields);
}
