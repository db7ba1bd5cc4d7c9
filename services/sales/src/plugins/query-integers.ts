import type { preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** A whole number as a query writes it: digits, perhaps after a minus sign. */
const DIGITS = /^-?[0-9]+$/;

interface QuerySchema {
  properties?: Record<string, { type?: unknown }>;
}

/**
 * Query parameters arrive as text and the validator turns them into numbers the
 * way JavaScript does, so `months=0x10` would be 16, `1e1` 10 and ` 8` 8. For
 * every route registered after it, a query parameter its schema declares an
 * integer must be written in digits; checked on the raw text, before that
 * conversion, with the validator's own Spanish message for a wrong type.
 */
export const queryIntegersInDigits = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const properties = (route.schema?.querystring as QuerySchema | undefined)?.properties ?? {};
      const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
      if (integers.length === 0) return;
      const inDigits: preValidationHookHandler = async (request) => {
        const query = request.query as Record<string, unknown>;
        for (const name of integers) {
          const value = query[name];
          if (value !== undefined && !(typeof value === 'string' && DIGITS.test(value))) {
            throw app.httpErrors.badRequest(`El campo '${name}' debe ser número entero.`);
          }
        }
      };
      route.preValidation = [...[route.preValidation ?? []].flat(), inDigits];
    });
  },
  { name: 'sales-query-integers' },
);
