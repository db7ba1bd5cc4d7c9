import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'admin@cine.local';
export const ADMIN_PASSWORD = 'CineAdmin2026!';

export interface RunningPlatform {
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
  process: ChildProcess;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform was not healthy at ${baseUrl} within ${timeoutMs / 1000} s`);
}

/** Runs the README's `npm start` on free ports with a fresh data directory. */
export async function startPlatform(): Promise<RunningPlatform> {
  const repositoryRoot = path.resolve(__dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cine-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: outboxDir,
      FERRETDB_PORT: String(await freePort()),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: '1000',
      // Every browser of the tests is 127.0.0.1: the per-address hold limit would count them as one person.
      MAX_HELD_SEATS_PER_ADDRESS: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, child, 180_000);
  return { baseUrl, dataDir, outboxDir, process: child };
}

export async function stopPlatform(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
