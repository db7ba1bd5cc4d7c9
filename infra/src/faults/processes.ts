import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceNames, type ServiceName } from '@cine/contracts';
import { findFreePort, startEmbeddedMongo, type EmbeddedMongo } from '@cine/embedded-mongo';

const repositoryRoot = path.resolve(__dirname, '../../..');

const ADMIN = { email: 'faults-admin@cine.local', password: 'FaultsAdmin2026!' };

/** rabbitmqctl, through sudo -n when not root (as .ci/run does). */
export function rabbitmqctl(...args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'rabbitmqctl' : 'sudo', asRoot ? args : ['-n', 'rabbitmqctl', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Member {
  name: ServiceName | 'gateway';
  port: number;
  script: string;
  env: Record<string, string>;
  child?: ChildProcess;
  log: string[];
}

/**
 * The platform as containers run it, one process per service plus the
 * gateway, on one embedded FerretDB (each service its own database) and
 * RabbitMQ (a virtual host of its own, so nothing else on the broker shares
 * its queues). Processes run the built code (dist): `npm install` builds it.
 */
export class ProcessPlatform {
  readonly members = new Map<ServiceName | 'gateway', Member>();
  gatewayUrl = '';
  mongoUrl = '';
  readonly databasePrefix = `faults_${randomBytes(3).toString('hex')}_`;
  private mongo?: EmbeddedMongo;
  private readonly vhost = `cine-faults-${randomBytes(4).toString('hex')}`;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'cine-faults-'));
  readonly jwtSecret = randomBytes(32).toString('hex');

  get amqpUrl(): string {
    return `amqp://guest:guest@127.0.0.1:5672/${this.vhost}`;
  }

  async start(): Promise<void> {
    rabbitmqctl('add_vhost', this.vhost);
    rabbitmqctl('set_permissions', '-p', this.vhost, 'guest', '.*', '.*', '.*');
    this.mongo = await startEmbeddedMongo({ dataDir: path.join(this.dataDir, 'ferretdb'), port: await findFreePort() });
    this.mongoUrl = this.mongo.url;
    const common = {
      HOST: '127.0.0.1',
      MONGO_URL: this.mongoUrl,
      AMQP_URL: this.amqpUrl,
      JWT_SECRET: this.jwtSecret,
      DATA_DIR: this.dataDir,
      MAIL_OUTBOX_DIR: path.join(this.dataDir, 'outbox'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '1000000',
      MAX_HELD_SEATS_PER_ADDRESS: '1000000',
    };
    const urls: Record<string, string> = {};
    for (const name of serviceNames) {
      const port = await findFreePort();
      urls[`${name.toUpperCase()}_SERVICE_URL`] = `http://127.0.0.1:${port}`;
      this.members.set(name, {
        name,
        port,
        script: path.join(repositoryRoot, 'services', name, 'dist', 'server.js'),
        env: { ...common, PORT: String(port), MONGO_DB: `${this.databasePrefix}${name}` },
        log: [],
      });
    }
    const gatewayPort = await findFreePort();
    this.members.set('gateway', {
      name: 'gateway',
      port: gatewayPort,
      script: path.join(repositoryRoot, 'gateway', 'dist', 'server.js'),
      // Trusts loopback's X-Forwarded-For as a load balancer's, as the benchmarks' `npm start` does: each buyer has an address.
      env: { ...common, ...urls, PORT: String(gatewayPort), TRUST_PROXY: '127.0.0.1' },
      log: [],
    });
    this.gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    // Consumers before producers: RabbitMQ drops an event no queue is bound for yet (booking hears
    // catalog's and candy's seeds, notification identity's admin).
    for (const name of ['notification', 'sales', 'booking', 'candy', 'catalog', 'identity', 'gateway'] as const)
      await this.startMember(name);
    await this.waitHealthy(120_000);
  }

  async startMember(name: ServiceName | 'gateway'): Promise<void> {
    const member = this.members.get(name);
    if (!member) throw new Error(`unknown member ${name}`);
    const child = spawn(process.execPath, [member.script], { env: { ...process.env, ...member.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      member.log.push(chunk.toString('utf8'));
      if (member.log.length > 200) member.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    member.child = child;
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${member.port}/health`).catch(() => undefined))?.status === 200 || name === 'gateway',
      60_000,
      `${name} to listen`,
    );
  }

  /** SIGKILL: a crash, nothing is closed cleanly. */
  async kill(name: ServiceName | 'gateway'): Promise<void> {
    await this.signal(name, 'SIGKILL');
  }

  /** SIGTERM: a stop, the service closes its connections. */
  async stop(name: ServiceName | 'gateway'): Promise<void> {
    await this.signal(name, 'SIGTERM');
  }

  private async signal(name: ServiceName | 'gateway', signal: NodeJS.Signals): Promise<void> {
    const child = this.members.get(name)?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async waitHealthy(timeoutMs: number): Promise<void> {
    await waitFor(
      async () => (await fetch(`${this.gatewayUrl}/api/health`).catch(() => undefined))?.status === 200,
      timeoutMs,
      'the platform to be healthy',
    );
  }

  logOf(name: ServiceName | 'gateway'): string {
    return this.members.get(name)?.log.join('') ?? '';
  }

  async close(): Promise<void> {
    await Promise.all([...this.members.keys()].map((name) => this.kill(name)));
    await this.mongo?.stop();
    try {
      rabbitmqctl('delete_vhost', this.vhost);
    } catch {
      // the broker may be down when a test failed half-way
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
