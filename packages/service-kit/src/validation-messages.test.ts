import { describeValidationError } from './validation-messages';

const error = (keyword: string, params: Record<string, unknown>, instancePath = '/email') =>
  ({ keyword, params, instancePath, schemaPath: '#', message: 'english' }) as Parameters<typeof describeValidationError>[0];

describe('Spanish validation messages', () => {
  it.each([
    [error('required', { missingProperty: 'password' }, ''), "Falta el campo obligatorio 'password'."],
    [error('type', { type: 'string' }), "El campo 'email' debe ser texto."],
    [error('type', { type: 'integer' }, '/seats'), "El campo 'seats' debe ser número entero."],
    [error('minLength', { limit: 8 }, '/password'), "El campo 'password' debe tener al menos 8 caracteres."],
    [error('minLength', { limit: 1 }, '/text'), "El campo 'text' no puede estar vacío."],
    [error('maxLength', { limit: 100 }, '/text'), "El campo 'text' admite como máximo 100 caracteres."],
    [error('format', { format: 'email' }), "El campo 'email' debe ser un e-mail válido."],
    [error('enum', { allowedValues: ['user', 'admin'] }, '/role'), "El campo 'role' tiene un valor no permitido."],
    [error('maximum', { limit: 100 }, '/quantity'), "El campo 'quantity' debe ser como máximo 100."],
    [error('additionalProperties', { additionalProperty: 'isAdmin' }, ''), "El campo 'isAdmin' no está permitido."],
    [error('type', { type: 'object' }, ''), "El campo 'body' debe ser objeto."],
  ])('%#: %s', (validationError, message) => {
    expect(describeValidationError(validationError, 'body')).toBe(message);
  });
});
