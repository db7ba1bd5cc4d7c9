import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { ensureFerretBinary } from './ferret-binary';

const HOST = '127.0.0.1';
const LOG_TAIL_LINES = 40;
const STOP_GRACE_MS = 10_000;

export interface StartEmbeddedMongoOptions {
  /** Folder of the SQLite files; created when missing, kept across restarts. */
  dataDir: string;
  port: number;
  /** A prebuilt binary; by default ensureFerretBinary() provides (and maybe builds) it. */
  binaryPath?: string;
  /** Passed to ensureFerretBinary when the binary has to be built. */
  onBuildStart?: () => void;
  /** How long to wait for the server to answer a ping, excluding any build. */
  startTimeoutMs?: number;
  /** Receives every line FerretDB writes (warnings and errors). */
  onLog?: (line: string) => void;
}

export interface EmbeddedMongo {
  /** Server URL without a database name, e.g. mongodb://127.0.0.1:27027. */
  url: string;
  port: number;
  pid: number;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period); safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts FerretDB as a child process and resolves once it answers a MongoDB
 * ping. Its SQLite files survive a crash of either process; a power loss may
 * roll back the last commits, as with MongoDB's default write concern
 * (synchronous(normal), infra/ferretdb/patches/README.md).
 */
export async function startEmbeddedMongo(options: StartEmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const { port, startTimeoutMs = 30_000 } = options;
  const dataDir = path.resolve(options.dataDir);
  const binaryPath = options.binaryPath ?? (await ensureFerretBinary({ onBuildStart: options.onBuildStart }));
  await mkdir(dataDir, { recursive: true });
  await assertPortFree(port);

  // stdin stays an open pipe: when this process dies the pipe closes and the
  // server stops itself (-stop-on-stdin-close), even after a SIGKILL.
  const child = spawn(binaryPath, ['-dir', dataDir, '-listen', `${HOST}:${port}`, '-stop-on-stdin-close'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Ending stdin after the server already quit must not crash us with EPIPE.
  child.stdin.on('error', () => undefined);
  const logTail = collectLog(child, options.onLog);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `código ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const killOnExit = (): void => {
    child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  const url = `mongodb://${HOST}:${port}`;
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (!running) return;
    child.stdin.end();
    child.kill('SIGTERM');
    const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(forceKill);
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (!running) {
      process.removeListener('exit', killOnExit);
      throw new Error(`FerretDB terminó al arrancar (${await exited}) en ${url}, datos en ${dataDir}:\n${logTail().join('\n')}`);
    }
    if (await answersPing(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`FerretDB no respondió en ${startTimeoutMs} ms en ${url}, datos en ${dataDir}:\n${logTail().join('\n')}`);
    }
    await sleep(100);
  }

  return { url, port, pid: child.pid ?? -1, stop };
}

/** Linux's range for ports the system hands to `listen(0)`, or undefined where it cannot be read. */
function ephemeralPortRange(): { low: number; high: number } | undefined {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? { low: low!, high: high! } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `port` on 127.0.0.1 can be bound right now (the probe is closed again). */
async function canBind(port: number): Promise<number | undefined> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, resolve);
    });
    return (server.address() as net.AddressInfo).port;
  } catch {
    return undefined;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const FIXED_PORTS_FROM = 10_000;
/** Ports this process handed out: several are often chosen before any is bound, and none may be chosen twice. */
const handedOut = new Set<number>();

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server started a moment later.
 * Where the system's ephemeral range is known it is chosen below it: the services that bind port 0
 * in the meantime (a platform's six) would otherwise be handed the very port just probed.
 */
export async function findFreePort(): Promise<number> {
  const range = ephemeralPortRange();
  if (range && range.low - FIXED_PORTS_FROM > 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const candidate = FIXED_PORTS_FROM + Math.floor(Math.random() * (range.low - FIXED_PORTS_FROM));
      if (handedOut.has(candidate)) continue;
      handedOut.add(candidate);
      if ((await canBind(candidate)) !== undefined) return candidate;
      handedOut.delete(candidate);
    }
  }
  const port = await canBind(0);
  if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
  handedOut.add(port);
  return port;
}

/**
 * Refuses an occupied port: otherwise the ping could reach an older server
 * still holding it and we would report success against the wrong data.
 */
async function assertPortFree(port: number): Promise<void> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `El puerto ${port} ya está en uso: ¿hay otra instancia de la base de datos embebida en marcha? Elige otro con FERRETDB_PORT.`,
        { cause: error },
      );
    }
    throw error;
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function answersPing(url: string): Promise<boolean> {
  const client = new MongoClient(url, { directConnection: true, serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Drains the child's output (a full pipe would block it) and keeps the last lines for error messages. */
function collectLog(child: ChildProcessWithoutNullStreams, onLog?: (line: string) => void): () => string[] {
  const tail: string[] = [];
  const onChunk = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
      onLog?.(line);
    }
  };
  child.stdout.on('data', onChunk);
  child.stderr.on('data', onChunk);
  return () => [...tail];
}
