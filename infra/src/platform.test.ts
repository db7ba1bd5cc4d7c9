import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceNames } from '@cine/contracts';
import { findFreePort } from '@cine/embedded-mongo';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '@cine/identity-service';
import { networkInterfaces } from 'node:os';
import { claimDataDir, DEFAULT_FERRETDB_PORT, startPlatform, type PlatformSettings, type RunningPlatform } from './platform';
import { testPlatformEnvironment, type TestPlatformEnvironment } from './testing/embedded-platform';

// The first start on a machine may compile FerretDB.
jest.setTimeout(10 * 60_000);

let environment: TestPlatformEnvironment;
let settings: PlatformSettings;
let gatewayPort: number;
let platform: RunningPlatform | undefined;

beforeAll(async () => {
  environment = await testPlatformEnvironment('platform');
  ({ settings, gatewayPort } = environment);
});

afterEach(async () => {
  await platform?.stop();
  platform = undefined;
});

afterAll(async () => {
  await environment?.dispose();
});

function api(pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${gatewayPort}/api${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

function login(email: string, password: string): Promise<Response> {
  return api('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startPlatform (embedded)', () => {
  it('serves every service through the gateway, on embedded FerretDB, with the seeded admin', async () => {
    platform = await startPlatform(settings);

    expect(platform.embeddedMongo).toBeDefined();
    expect(platform.mongoUrl).toBe(`mongodb://127.0.0.1:${settings.ferretdbPort}`);
    expect(Object.keys(platform.services).sort()).toEqual([...serviceNames].sort());

    const health = await api('/health');
    expect(health.status).toBe(200);

    const admin = await login(DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ token: expect.any(String), user: { role: 'admin' } });
  });

  it('keeps accounts across a restart and frees its ports when stopped', async () => {
    platform = await startPlatform(settings);
    const registered = await api('/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: 'lucia@cine.test', username: 'lucia', password: 'palomitas123' }),
    });
    expect(registered.status).toBe(201);
    await platform.stop();
    platform = undefined;
    expect(await accepts(gatewayPort)).toBe(false);
    expect(await accepts(settings.ferretdbPort as number)).toBe(false);

    platform = await startPlatform(settings);
    const again = await login('lucia@cine.test', 'palomitas123');
    expect(again.status).toBe(200);
  });
});

describe('a second platform on one machine (issue 34)', () => {
  /** Holds `port` on loopback for the test, when nothing else already does (taken either way). */
  async function hold(port: number): Promise<net.Server> {
    const server = net.createServer();
    await new Promise<void>((resolve) => {
      server.once('error', () => resolve());
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  }

  it('takes a free port for the database when the default one is taken, and listens on loopback unless HOST says otherwise', async () => {
    const held = await hold(DEFAULT_FERRETDB_PORT);
    delete process.env.HOST;
    try {
      platform = await startPlatform({ ...settings, ferretdbPort: undefined });
      expect(platform.mongoUrl).not.toBe(`mongodb://127.0.0.1:${DEFAULT_FERRETDB_PORT}`);
      expect((await api('/health')).status).toBe(200);
      expect(new URL(platform.gatewayUrl).hostname).toBe('127.0.0.1');
      // Not on the machine's other addresses.
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (outside) {
        const reached = await new Promise<boolean>((resolve) => {
          const socket = net.connect(gatewayPort, outside.address);
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
        expect(reached).toBe(false);
      }
    } finally {
      process.env.HOST = '127.0.0.1';
      held.close();
    }
  });

  it('refuses a data folder another running platform holds, naming DATA_DIR, and a taken PORT naming PORT', async () => {
    // A live process other than this one holds the folder: the test's parent (jest's).
    const heldDir = await mkdtemp(path.join(tmpdir(), 'cine-held-'));
    await writeFile(path.join(heldDir, 'cine.pid'), String(process.ppid));
    await expect(startPlatform({ ...settings, dataDir: heldDir, ferretdbPort: await findFreePort() })).rejects.toThrow(
      /ya la usa otro Cine en marcha .*DATA_DIR/,
    );
    // A mark left by a process that is gone is taken over, and given back on release.
    await writeFile(path.join(heldDir, 'cine.pid'), '999999999');
    const release = claimDataDir(heldDir);
    expect(await readFile(path.join(heldDir, 'cine.pid'), 'utf8')).toBe(String(process.pid));
    release();
    await rm(heldDir, { recursive: true, force: true });

    const taken = await hold(gatewayPort);
    try {
      await expect(startPlatform(settings)).rejects.toThrow(
        `El puerto ${gatewayPort} ya está en uso (¿otro Cine en marcha?): elige otro con PORT.`,
      );
    } finally {
      taken.close();
    }
  });
});
