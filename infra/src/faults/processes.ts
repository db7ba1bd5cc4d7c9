import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceNames, type ServiceName } from '@cine/contracts';
import { findFreePort, startEmbeddedMongo, type EmbeddedMongo } from '@cine/embedded-mongo';
import { TcpBalancer } from '../cluster/balancer';
import { api } from '../testing/gateway-api';

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

type ProcessName = ServiceName | 'gateway';

/** How the platform reaches RabbitMQ: the default broker, or the cluster tests' nodes. */
export interface Broker {
  rabbitmqctl(...args: string[]): string;
  /** A process's AMQP_URL on the virtual host (the cluster tests hand each process its own order of nodes). */
  amqpUrl(vhost: string, member: string): string;
  /** More variables for every process (AMQP_QUEUE_TYPE). */
  env?: Record<string, string>;
}

const defaultBroker: Broker = {
  rabbitmqctl,
  amqpUrl: (vhost) => `amqp://guest:guest@127.0.0.1:5672/${vhost}`,
};

export interface PlatformOptions {
  /** Instances of a process (default 1); several run behind a round-robin balancer, as behind a Kubernetes Service. */
  instances?: Partial<Record<ProcessName, number>>;
  broker?: Broker;
  /** Where a service reaches the database (default: the embedded server itself); the capacity bench puts a counting proxy between. */
  databaseUrl?: (service: ServiceName, url: string) => Promise<string>;
}

interface Member {
  name: ProcessName;
  port: number;
  script: string;
  env: Record<string, string>;
  child?: ChildProcess;
  log: string[];
  /** Set while the test itself kills or stops it: any other exit is a crash, printed with the process's last output. */
  stopping?: boolean;
}

/**
 * The platform as containers run it, one process per service plus the
 * gateway, on one embedded FerretDB (each service its own database) and
 * RabbitMQ (a virtual host of its own, so nothing else on the broker shares
 * its queues). Processes run the built code (dist): `npm install` builds it.
 */
export class ProcessPlatform {
  /** By member id: the process's name, then `<name>-2`, `<name>-3`… for more instances. */
  readonly members = new Map<string, Member>();
  gatewayUrl = '';
  mongoUrl = '';
  readonly databasePrefix = `faults_${randomBytes(3).toString('hex')}_`;
  private mongo?: EmbeddedMongo;
  private readonly vhost = `cine-faults-${randomBytes(4).toString('hex')}`;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'cine-faults-'));
  readonly jwtSecret = randomBytes(32).toString('hex');
  private readonly balancers: TcpBalancer[] = [];
  private readonly broker: Broker;

  constructor(private readonly options: PlatformOptions = {}) {
    this.broker = options.broker ?? defaultBroker;
  }

  get virtualHost(): string {
    return this.vhost;
  }

  /** Ids of a process's instances: `booking`, `booking-2`, … */
  instancesOf(name: ProcessName): string[] {
    return Array.from({ length: this.options.instances?.[name] ?? 1 }, (_, index) => (index === 0 ? name : `${name}-${index + 1}`));
  }

  async start(): Promise<void> {
    this.broker.rabbitmqctl('add_vhost', this.vhost);
    this.broker.rabbitmqctl('set_permissions', '-p', this.vhost, 'guest', '.*', '.*', '.*');
    this.mongo = await startEmbeddedMongo({ dataDir: path.join(this.dataDir, 'ferretdb'), port: await findFreePort() });
    this.mongoUrl = this.mongo.url;
    const common = {
      HOST: '127.0.0.1',
      MONGO_URL: this.mongoUrl,
      JWT_SECRET: this.jwtSecret,
      DATA_DIR: this.dataDir,
      MAIL_OUTBOX_DIR: path.join(this.dataDir, 'outbox'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '1000000',
      MAX_HELD_SEATS_PER_ADDRESS: '1000000',
      ...this.broker.env,
    };
    const urls: Record<string, string> = {};
    for (const name of serviceNames) {
      const databaseUrl = (await this.options.databaseUrl?.(name, this.mongoUrl)) ?? this.mongoUrl;
      urls[`${name.toUpperCase()}_SERVICE_URL`] = `http://127.0.0.1:${await this.addInstances(name, (port) => ({
        ...common,
        PORT: String(port),
        MONGO_URL: databaseUrl,
        MONGO_DB: `${this.databasePrefix}${name}`,
      }))}`;
    }
    // Trusts loopback's X-Forwarded-For as a load balancer's, as the benchmarks' `npm start` does: each buyer has an address.
    const gatewayPort = await this.addInstances('gateway', (port) => ({
      ...common,
      ...urls,
      PORT: String(port),
      TRUST_PROXY: '127.0.0.1',
    }));
    this.gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    // Consumers before producers: RabbitMQ drops an event no queue is bound for yet (booking hears
    // catalog's and candy's seeds, notification identity's admin).
    for (const name of ['notification', 'sales', 'booking', 'candy', 'catalog', 'identity', 'gateway'] as const)
      for (const id of this.instancesOf(name)) await this.startMember(id);
    await this.waitHealthy(120_000);
  }

  /** The process's instances as members; answers the port the others reach it on (a balancer's when several). */
  private async addInstances(name: ProcessName, env: (port: number) => Record<string, string>): Promise<number> {
    const script = path.join(repositoryRoot, name === 'gateway' ? 'gateway' : `services/${name}`, 'dist', 'server.js');
    const ports: number[] = [];
    for (const id of this.instancesOf(name)) {
      const port = await findFreePort();
      ports.push(port);
      this.members.set(id, { name, port, script, env: { ...env(port), AMQP_URL: this.broker.amqpUrl(this.vhost, id) }, log: [] });
    }
    if (ports.length === 1) return ports[0] as number;
    const balancer = new TcpBalancer(ports);
    this.balancers.push(balancer);
    return balancer.listen();
  }

  async startMember(id: string): Promise<void> {
    const member = this.members.get(id);
    if (!member) throw new Error(`unknown member ${id}`);
    const { name } = member;
    const child = spawn(process.execPath, [member.script], { env: { ...process.env, ...member.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      member.log.push(chunk.toString('utf8'));
      if (member.log.length > 200) member.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    member.child = child;
    member.stopping = false;
    child.once('exit', (code, signal) => {
      if (!member.stopping)
        console.error(`${id} exited on its own (${signal ?? `code ${code}`}); its last output:\n${member.log.join('').slice(-6_000)}`);
    });
    await waitFor(
      // A service answers its /health; the gateway's /api/health waits on every service, so any answer shows it listens.
      async () => {
        const answer = await fetch(`http://127.0.0.1:${member.port}${name === 'gateway' ? '/api/health' : '/health'}`).catch(
          () => undefined,
        );
        return name === 'gateway' ? answer !== undefined : answer?.status === 200;
      },
      60_000,
      `${name} to listen`,
    );
  }

  /** SIGKILL: a crash, nothing is closed cleanly. */
  async kill(id: string): Promise<void> {
    await this.signal(id, 'SIGKILL');
  }

  /** SIGTERM: a stop, the service closes its connections. */
  async stop(id: string): Promise<void> {
    await this.signal(id, 'SIGTERM');
  }

  private async signal(id: string, signal: NodeJS.Signals): Promise<void> {
    const child = this.members.get(id)?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const member = this.members.get(id);
    if (member) member.stopping = true;
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

  /** Waits for the seeded shows, which reach booking through catalog's movie.created on the broker. */
  async seededShows(): Promise<void> {
    await waitFor(async () => ((await api(this.gatewayUrl, 'GET', '/show/all')).json as unknown[]).length > 0, 60_000, 'the seeded shows');
  }

  /** SIGKILL of the embedded FerretDB alone: the services keep running, their connections cut. */
  killDatabase(): void {
    if (!this.mongo) throw new Error('the database is not running');
    process.kill(this.mongo.pid, 'SIGKILL');
  }

  /** The database again, on the same data and port (what a supervisor's restart does). */
  async restartDatabase(): Promise<void> {
    if (!this.mongo) throw new Error('the database was never started');
    this.mongo = await startEmbeddedMongo({ dataDir: path.join(this.dataDir, 'ferretdb'), port: this.mongo.port });
  }

  /** The embedded FerretDB's process (the benchmarks count its CPU). */
  databasePid(): number {
    if (!this.mongo) throw new Error('the database is not running');
    return this.mongo.pid;
  }

  pidOf(id: string): number {
    const pid = this.members.get(id)?.child?.pid;
    if (pid === undefined) throw new Error(`${id} is not running`);
    return pid;
  }

  logOf(id: string): string {
    return this.members.get(id)?.log.join('') ?? '';
  }

  async close(): Promise<void> {
    await Promise.all([...this.members.keys()].map((id) => this.kill(id)));
    await Promise.all(this.balancers.map((balancer) => balancer.close()));
    await this.mongo?.stop();
    try {
      this.broker.rabbitmqctl('delete_vhost', this.vhost);
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
