import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Validator compiler that refuses what Fastify's default Ajv options let
 * through: it coerces scalars (`12345` becomes `"12345"`) and silently drops
 * properties not in the schema. Bodies are validated as sent; params,
 * querystring and headers arrive as text, so they keep type coercion.
 */
export function strictValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const common: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };
  const forBodies = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const forText = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? forBodies : forText).compile(schema as object);
}
