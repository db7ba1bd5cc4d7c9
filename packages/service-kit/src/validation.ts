import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Validator compiler that refuses what Fastify's default Ajv options let
 * through: it coerces scalars (`12345` becomes `"12345"`) and silently drops
 * properties not in the schema. Bodies are validated as sent; params,
 * querystring and headers arrive as text, so they keep type coercion, with
 * whole numbers written in digits only.
 */
export function strictValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const common: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };
  const forBodies = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const forText = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return ({ schema, httpPart }) =>
    httpPart === 'body' ? forBodies.compile(schema as object) : integersInDigits(schema as TextSchema, forText.compile(schema as object));
}

/** A whole number as a URL writes it: digits, perhaps after a minus sign. */
const DIGITS = /^-?[0-9]+$/;

interface TextSchema {
  properties?: Record<string, { type?: unknown }>;
}

type Validator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * Ajv turns text into numbers the way JavaScript does, so `months=0x10` would
 * be 16, `1e1` 10 and ` 8` 8. A property the schema declares an integer must
 * be written in digits; otherwise the validator's own type error (and its
 * Spanish message) is answered, before any conversion.
 */
function integersInDigits(schema: TextSchema, validate: ValidateFunction): Validator {
  const properties = schema.properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (integers.length === 0) return validate;
  const checked: Validator = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const name = integers.find((key) => [values[key]].flat().some((value) => typeof value === 'string' && !DIGITS.test(value)));
    if (name !== undefined) {
      const error: ErrorObject = {
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { type: 'integer' },
        message: 'must be integer',
      };
      checked.errors = [error];
      return false;
    }
    const valid = validate(data);
    checked.errors = validate.errors;
    return valid;
  };
  return checked;
}
