import type { FastifySchemaValidationError } from 'fastify/types/schema';

const typeNames: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'número entero',
  boolean: 'verdadero o falso',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
};

function fieldName(error: FastifySchemaValidationError, dataVar: string): string {
  const pointer = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return pointer === '' ? dataVar : pointer;
}

/** One Spanish sentence for one JSON-schema validation error. */
export function describeValidationError(error: FastifySchemaValidationError, dataVar: string): string {
  const field = fieldName(error, dataVar);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `Falta el campo obligatorio '${String(params.missingProperty)}'.`;
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => typeNames[t] ?? t)
        .join(' o ');
      return `El campo '${field}' debe ser ${expected}.`;
    }
    case 'minLength':
      return Number(params.limit) === 1
        ? `El campo '${field}' no puede estar vacío.`
        : `El campo '${field}' debe tener al menos ${String(params.limit)} caracteres.`;
    case 'maxLength':
      return `El campo '${field}' admite como máximo ${String(params.limit)} caracteres.`;
    case 'format':
      return params.format === 'email'
        ? `El campo '${field}' debe ser un e-mail válido.`
        : `El campo '${field}' no tiene un formato válido.`;
    case 'pattern':
      return `El campo '${field}' no tiene un formato válido.`;
    case 'enum':
    case 'const':
      return `El campo '${field}' tiene un valor no permitido.`;
    case 'minimum':
      return `El campo '${field}' debe ser como mínimo ${String(params.limit)}.`;
    case 'maximum':
      return `El campo '${field}' debe ser como máximo ${String(params.limit)}.`;
    case 'additionalProperties':
      return `El campo '${String(params.additionalProperty)}' no está permitido.`;
    case 'minItems':
      return `El campo '${field}' debe tener al menos ${String(params.limit)} elementos.`;
    case 'maxItems':
      return `El campo '${field}' admite como máximo ${String(params.limit)} elementos.`;
    default:
      return `El campo '${field}' no es válido.`;
  }
}
