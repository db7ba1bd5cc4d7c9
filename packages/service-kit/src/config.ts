import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CINEMA, isMoneyFormat, type CinemaInfo, type ServiceName } from '@cine/contracts';

export interface ServiceConfig {
  name: ServiceName;
  host: string;
  port: number;
  /** MongoDB server; the service picks its own database `dbName` on it. */
  mongoUrl: string;
  dbName: string;
  /** RabbitMQ; when absent the process uses the in-process bus. */
  amqpUrl: string | undefined;
  jwtSecret: string;
  /** Token lifetime, e.g. '8h'. */
  tokenTtl: string;
  logLevel: string;
  dataDir: string;
}

export const defaultPorts: { readonly [S in ServiceName]: number } = {
  identity: 7101,
  notification: 7102,
  catalog: 7103,
  booking: 7104,
  candy: 7105,
  sales: 7106,
};

export function readEnv(key: string): string | undefined {
  const value = process.env[key];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A positive whole number from the environment, `fallback` when unset. Any
 * other value stops the start with a message naming the variable and what
 * was given: "PORT must be a positive integer, not 'x'", or with a `unit`,
 * "HOLD_MINUTES must be a positive whole number of minutes, not '0'".
 */
export function positiveIntegerEnv(key: string, fallback: number, unit?: string): number {
  const text = readEnv(key);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${key} must be ${unit === undefined ? 'a positive integer' : `a positive whole number of ${unit}`}, not '${text}'`);
  }
  return value;
}

export function requireEnv(key: string): string {
  const value = readEnv(key);
  if (value === undefined) throw new Error(`Missing required environment variable ${key}`);
  return value;
}

/**
 * A shared secret (`envKey`) from the environment; in the embedded default one is generated once and
 * kept in DATA_DIR as `fileName`, so what it signed survives a restart and every process of the
 * platform on that folder signs with the same one (the first to write it wins; the others read it).
 */
export function resolveSecret(envKey: string, dataDir: string, fileName: string): string {
  const fromEnv = readEnv(envKey);
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  const read = (): string | undefined => {
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process of the platform wrote it first: theirs is the secret.
    const written = read();
    if (written) return written;
    throw new Error(`${envKey} is not set and ${file} cannot be read or is empty: set ${envKey}, or delete the file`, { cause: error });
  }
}

/** JWT_SECRET (resolveSecret): the tokens' secret, kept in DATA_DIR/jwt-secret when the environment has none. */
export function resolveJwtSecret(dataDir: string): string {
  return resolveSecret('JWT_SECRET', dataDir, 'jwt-secret');
}

/** Where a service's ticket signing key came from: the environment, or DATA_DIR (`generated` now, or before). */
export interface TicketSigningKey {
  /** PKCS #8 PEM of an Ed25519 private key. */
  pem: string;
  source: 'environment' | 'data-dir' | 'generated';
}

/**
 * TICKET_SIGNING_KEY (an Ed25519 private key, PKCS #8 PEM) from the environment; in the embedded
 * default one is generated once and kept in DATA_DIR, as JWT_SECRET is, so issued tickets stay
 * valid across restarts. The caller warns when it is not from the environment.
 */
export function resolveTicketSigningKey(dataDir: string): TicketSigningKey {
  const fromEnv = readEnv('TICKET_SIGNING_KEY');
  if (fromEnv) return { pem: fromEnv.replace(/\\n/g, '\n'), source: 'environment' };
  const file = path.join(dataDir, 'ticket-signing-key.pem');
  const read = (): TicketSigningKey | undefined => {
    try {
      return { pem: readFileSync(file, 'utf8'), source: 'data-dir' };
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    return { pem, source: 'generated' };
  } catch (error) {
    // Another process of the platform wrote it first: theirs is the key.
    const written = read();
    if (written) return written;
    throw error;
  }
}

/** A service's configuration from the environment (the standalone/container way of running). */
export function loadServiceConfig(name: ServiceName): ServiceConfig {
  const dataDir = path.resolve(readEnv('DATA_DIR') ?? '.data');
  return {
    name,
    host: readEnv('HOST') ?? '0.0.0.0',
    port: positiveIntegerEnv('PORT', defaultPorts[name]),
    mongoUrl: requireEnv('MONGO_URL'),
    dbName: readEnv('MONGO_DB') ?? `cine_${name}`,
    amqpUrl: readEnv('AMQP_URL'),
    jwtSecret: resolveJwtSecret(dataDir),
    tokenTtl: readEnv('TOKEN_TTL') ?? '8h',
    logLevel: readEnv('LOG_LEVEL') ?? 'info',
    dataDir,
  };
}

/**
 * The cinema from the environment (CINEMA_NAME, CINEMA_ADDRESS, CINEMA_HOURS, CINEMA_LOCALE,
 * CINEMA_CURRENCY), each unset one the default's. A locale or currency Intl does not accept stops
 * the start, naming the variables, instead of failing on the first page or receipt with money.
 */
export function cinemaInfoFromEnv(): CinemaInfo {
  const info: CinemaInfo = {
    name: readEnv('CINEMA_NAME')?.trim() || DEFAULT_CINEMA.name,
    address: readEnv('CINEMA_ADDRESS')?.trim() || DEFAULT_CINEMA.address,
    hours: readEnv('CINEMA_HOURS')?.trim() || DEFAULT_CINEMA.hours,
    locale: readEnv('CINEMA_LOCALE')?.trim() || DEFAULT_CINEMA.locale,
    currency: readEnv('CINEMA_CURRENCY')?.trim().toUpperCase() || DEFAULT_CINEMA.currency,
  };
  if (!isMoneyFormat(info)) {
    throw new Error(
      `CINEMA_LOCALE and CINEMA_CURRENCY must be a locale and an ISO 4217 currency, not '${info.locale}' and '${info.currency}'`,
    );
  }
  return info;
}
