import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@cine/embedded-mongo';

export const ADMIN_EMAIL = 'admin@cine.local';
export const ADMIN_PASSWORD = 'CineAdmin2026!';

const repositoryRoot = path.resolve(__dirname, '../../..');

export interface StartedPlatform {
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
  process: ChildProcess;
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

/**
 * The README's `npm start`, as a new user runs it, on free ports with a fresh
 * data directory (embedded FerretDB, in-process bus). `env` adds settings,
 * e.g. the per-address hold limit, which would count every client of one
 * machine as one person.
 */
export async function startNpmStart(env: Record<string, string> = {}): Promise<StartedPlatform> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cine-platform-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const port = await findFreePort();
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      // The mails' links (the receipt's, the newsletter's) point at this platform.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: outboxDir,
      FERRETDB_PORT: String(await findFreePort()),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // A free port: the default 9464 stays for the developer's own `npm start`.
      METRICS_PORT: '0',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, child, 180_000);
  return { baseUrl, dataDir, outboxDir, process: child };
}

/** SIGTERM to the whole process group, SIGKILL after 15 s. */
export async function stopNpmStart(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
