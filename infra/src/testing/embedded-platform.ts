import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceNames, type ServiceName } from '@cine/contracts';
import { findFreePort } from '@cine/embedded-mongo';
import { startPlatform, type PlatformSettings, type RunningPlatform } from '../platform';

/** Settings a developer's shell may hold that would point a test platform elsewhere. */
const OUTSIDE_SETTINGS = [
  'MONGO_URL',
  'AMQP_URL',
  'JWT_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'MANAGER_EMAIL',
  'MANAGER_PASSWORD',
  'WEB_ROOT',
  'TICKET_SIGNING_KEY',
  'PRESALE_ADMISSION_SECRET',
];

export interface TestPlatformEnvironment {
  dataDir: string;
  gatewayPort: number;
  settings: PlatformSettings;
  /** Puts the environment back as it was and deletes the data folder. */
  dispose(): Promise<void>;
}

/**
 * The embedded platform's settings as `npm start` reads them, in a fresh data folder named by `prefix`,
 * on free ports, with `env` added to the environment (the gateway reads its own settings there).
 */
export async function testPlatformEnvironment(prefix: string, env: Record<string, string> = {}): Promise<TestPlatformEnvironment> {
  const savedEnv = { ...process.env };
  const dataDir = await mkdtemp(path.join(tmpdir(), `cine-${prefix}-`));
  const gatewayPort = await findFreePort();
  for (const key of OUTSIDE_SETTINGS) delete process.env[key];
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
    ...env,
  });
  const settings: PlatformSettings = {
    dataDir,
    mongoUrl: undefined,
    ferretdbPort: await findFreePort(),
    amqpUrl: undefined,
    logLevel: 'silent',
    tokenTtl: '1h',
    servicePorts: Object.fromEntries(serviceNames.map((name) => [name, 0])) as Record<ServiceName, number>,
    databasePrefix: 'cine_',
  };
  return {
    dataDir,
    gatewayPort,
    settings,
    dispose: async () => {
      process.env = savedEnv;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestPlatform {
  platform: RunningPlatform;
  dataDir: string;
  /** Stops the platform, restores the environment and deletes the data folder. */
  stop(): Promise<void>;
}

/** One embedded platform for a test file: `testPlatformEnvironment` started. */
export async function startTestPlatform(prefix: string, env: Record<string, string> = {}): Promise<TestPlatform> {
  const environment = await testPlatformEnvironment(prefix, env);
  try {
    const platform = await startPlatform(environment.settings);
    return {
      platform,
      dataDir: environment.dataDir,
      stop: async () => {
        await platform.stop();
        await environment.dispose();
      },
    };
  } catch (error) {
    await environment.dispose();
    throw error;
  }
}
