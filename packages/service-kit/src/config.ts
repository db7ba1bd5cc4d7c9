import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceName } from '@cine/contracts';

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
 * JWT_SECRET from the environment; in the embedded default one is generated
 * once and kept in DATA_DIR so tokens survive a restart.
 */
export function resolveJwtSecret(dataDir: string): string {
  const fromEnv = readEnv('JWT_SECRET');
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
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
