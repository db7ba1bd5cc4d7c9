import { loadServiceConfig, positiveIntegerEnv } from './config';

describe('positiveIntegerEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('answers the fallback when the variable is unset or empty', () => {
    delete process.env.CINE_TEST_COUNT;
    expect(positiveIntegerEnv('CINE_TEST_COUNT', 7)).toBe(7);
    process.env.CINE_TEST_COUNT = '';
    expect(positiveIntegerEnv('CINE_TEST_COUNT', 7)).toBe(7);
  });

  it.each([
    ['1', 1],
    ['42', 42],
    ['9090', 9090],
  ])('reads %p as %p', (text, value) => {
    process.env.CINE_TEST_COUNT = text;
    expect(positiveIntegerEnv('CINE_TEST_COUNT', 7)).toBe(value);
  });

  it.each(['0', '-5', '1.5', 'diez', 'NaN', 'Infinity'])('refuses %p, naming the variable and the value', (text) => {
    process.env.CINE_TEST_COUNT = text;
    expect(() => positiveIntegerEnv('CINE_TEST_COUNT', 7)).toThrow(`CINE_TEST_COUNT must be a positive integer, not '${text}'`);
  });

  it('says the unit when it has one', () => {
    process.env.CINE_TEST_MINUTES = '0';
    expect(() => positiveIntegerEnv('CINE_TEST_MINUTES', 10, 'minutes')).toThrow(
      "CINE_TEST_MINUTES must be a positive whole number of minutes, not '0'",
    );
  });
});

describe("a service's PORT", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.MONGO_URL = 'mongodb://127.0.0.1:1';
    process.env.JWT_SECRET = 'from-env';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('defaults to the service port of the brief and reads PORT', () => {
    delete process.env.PORT;
    expect(loadServiceConfig('booking').port).toBe(7104);
    process.env.PORT = '9104';
    expect(loadServiceConfig('booking').port).toBe(9104);
  });

  it('refuses a PORT that is not a positive integer', () => {
    process.env.PORT = 'eighty';
    expect(() => loadServiceConfig('booking')).toThrow("PORT must be a positive integer, not 'eighty'");
  });
});
