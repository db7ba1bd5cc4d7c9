import { DEFAULT_CINEMA } from '@cine/contracts';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cinemaInfoFromEnv, loadServiceConfig, positiveIntegerEnv, resolveJwtSecret, resolveSecret } from './config';

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

describe('cinemaInfoFromEnv', () => {
  const keys = ['CINEMA_NAME', 'CINEMA_ADDRESS', 'CINEMA_HOURS', 'CINEMA_LOCALE', 'CINEMA_CURRENCY'];
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  afterEach(() => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('is the default cinema, in es-AR pesos, when nothing is set', () => {
    for (const key of keys) delete process.env[key];
    expect(cinemaInfoFromEnv()).toEqual(DEFAULT_CINEMA);
    expect(cinemaInfoFromEnv()).toMatchObject({ name: 'Cine', locale: 'es-AR', currency: 'ARS' });
  });

  it('takes each variable that is set', () => {
    Object.assign(process.env, { CINEMA_NAME: 'Cine Lumière', CINEMA_HOURS: 'De 12 a 24', CINEMA_LOCALE: 'es-UY', CINEMA_CURRENCY: 'uyu' });
    expect(cinemaInfoFromEnv()).toMatchObject({ name: 'Cine Lumière', hours: 'De 12 a 24', locale: 'es-UY', currency: 'UYU' });
  });

  it('stops the start on a currency Intl does not know', () => {
    process.env.CINEMA_CURRENCY = 'pesos';
    expect(() => cinemaInfoFromEnv()).toThrow(
      "CINEMA_LOCALE and CINEMA_CURRENCY must be a locale and an ISO 4217 currency, not 'es-AR' and 'PESOS'",
    );
  });
});

describe('resolveSecret', () => {
  const saved = { ...process.env };
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cine-secret-'));
    delete process.env.CINE_TEST_SECRET;
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the environment’s value, writing nothing', () => {
    process.env.CINE_TEST_SECRET = 'from-env';
    expect(resolveSecret('CINE_TEST_SECRET', dataDir, 'test-secret')).toBe('from-env');
    expect(existsSync(path.join(dataDir, 'test-secret'))).toBe(false);
  });

  it('generates one into DATA_DIR once, and every later call (another process) reads the same', () => {
    const first = resolveSecret('CINE_TEST_SECRET', dataDir, 'test-secret');
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(readFileSync(path.join(dataDir, 'test-secret'), 'utf8')).toBe(first);
    expect(resolveSecret('CINE_TEST_SECRET', dataDir, 'test-secret')).toBe(first);
    // Each secret its own file: the JWT secret is not the other one.
    expect(resolveJwtSecret(dataDir)).not.toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(resolveJwtSecret(dataDir));
  });

  it('stops the start, naming the variable and the file, when the file is there but empty (never an empty secret)', () => {
    writeFileSync(path.join(dataDir, 'test-secret'), '');
    expect(() => resolveSecret('CINE_TEST_SECRET', dataDir, 'test-secret')).toThrow(
      `CINE_TEST_SECRET is not set and ${path.join(dataDir, 'test-secret')} cannot be read or is empty`,
    );
  });
});
