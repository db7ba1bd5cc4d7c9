import { strictValidatorCompiler } from './validation';

const schema = { type: 'object', properties: { months: { type: 'integer' }, name: { type: 'string' } } };
const validatorFor = (httpPart: string) =>
  strictValidatorCompiler()({ schema, httpPart, method: 'GET', url: '/x' }) as ((data: unknown) => boolean) & {
    errors?: Array<{ keyword: string; instancePath: string }>;
  };

describe('strictValidatorCompiler: whole numbers in text', () => {
  it.each(['8', '-3', '016'])('reads %p as a whole number', (text) => {
    const validate = validatorFor('querystring');
    const query: Record<string, unknown> = { months: text };
    expect(validate(query)).toBe(true);
    expect(query.months).toBe(Number(text));
  });

  it.each(['0x10', '1e1', ' 8', '8 ', '+8', '1.0', ''])('refuses %p with the type error of the field', (text) => {
    const validate = validatorFor('querystring');
    expect(validate({ months: text })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ keyword: 'type', instancePath: '/months' })]);
  });

  it('leaves other fields and absent integers alone', () => {
    const validate = validatorFor('params');
    expect(validate({ name: '0x10' })).toBe(true);
  });

  it('does not coerce bodies at all', () => {
    const validate = validatorFor('body');
    expect(validate({ months: '8' })).toBe(false);
    expect(validate({ months: 8 })).toBe(true);
  });
});
