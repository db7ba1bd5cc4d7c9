import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '../faults/processes';

/** One node of the local cluster: its Erlang node name and AMQP port on loopback. */
export interface ClusterNode {
  index: number;
  name: string;
  port: number;
}

const asRoot = process.getuid?.() === 0;

/** A command as root (through sudo -n when not root, as .ci/run does), with its environment. */
function asAdministrator(command: string, args: string[], env: Record<string, string> = {}): string {
  const assignments = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  const [program, ...rest] = asRoot ? ['env', ...assignments, command, ...args] : ['sudo', '-n', 'env', ...assignments, command, ...args];
  return execFileSync(program as string, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
}

/**
 * A real 3-node RabbitMQ cluster on this machine from Debian's rabbitmq-server (the platform guide's
 * recipe): nodes cine1..3@localhost on AMQP ports 5681-5683 beside the default node on 5672, each
 * with its own database and logs under a temporary folder owned by the rabbitmq user.
 */
export class LocalRabbitCluster {
  readonly nodes: ClusterNode[] = [1, 2, 3].map((index) => ({ index, name: `cine${index}@localhost`, port: 5680 + index }));
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'cine-rabbit-cluster-'));

  constructor() {
    // The server drops to the rabbitmq user: it must reach and own its folders.
    chmodSync(this.dir, 0o755);
    for (const node of this.nodes) {
      mkdirSync(path.join(this.dir, `m${node.index}`));
      mkdirSync(path.join(this.dir, `l${node.index}`));
    }
    asAdministrator('chown', ['-R', 'rabbitmq:rabbitmq', this.dir]);
  }

  async start(): Promise<void> {
    for (const node of this.nodes) this.launch(node);
    for (const node of this.nodes) await this.awaitStartup(node);
    for (const node of this.nodes.slice(1)) {
      this.ctl(node, 'stop_app');
      this.ctl(node, 'join_cluster', this.primary.name);
      this.ctl(node, 'start_app');
    }
    await waitFor(async () => this.runningNodes().length === this.nodes.length, 60_000, 'the three nodes to run as one cluster', 1000);
  }

  /** `rabbitmqctl` on a node. */
  ctl(node: ClusterNode, ...args: string[]): string {
    return asAdministrator('rabbitmqctl', ['-n', node.name, ...args]);
  }

  /** rabbitmqctl against any node that runs (the cluster's answers are the same from each). */
  anyCtl(...args: string[]): string {
    const running = this.runningNodes();
    const node = this.nodes.find((candidate) => running.includes(candidate.name));
    if (!node) throw new Error('no node of the cluster runs');
    return this.ctl(node, ...args);
  }

  runningNodes(): string[] {
    for (const node of this.nodes) {
      try {
        const status = JSON.parse(this.ctl(node, 'cluster_status', '--formatter', 'json')) as { running_nodes?: string[] };
        return status.running_nodes ?? [];
      } catch {
        // this node is down: ask the next
      }
    }
    return [];
  }

  /** The node that leads a quorum queue now. */
  leaderOf(vhost: string, queue: string): ClusterNode {
    const queues = JSON.parse(this.anyCtl('list_queues', '-p', vhost, 'name', 'type', 'leader', '--formatter', 'json')) as Array<{
      name: string;
      type: string;
      leader: string;
    }>;
    const found = queues.find((candidate) => candidate.name === queue);
    if (!found) throw new Error(`no queue ${queue} in ${vhost}`);
    if (found.type !== 'quorum') throw new Error(`${queue} is a ${found.type} queue, not a quorum queue`);
    return this.node(found.leader);
  }

  /** Queues of a virtual host with their type and consumer count. */
  queues(vhost: string): Array<{ name: string; type: string; consumers: number; leader: string }> {
    return JSON.parse(this.anyCtl('list_queues', '-p', vhost, 'name', 'type', 'consumers', 'leader', '--formatter', 'json')) as Array<{
      name: string;
      type: string;
      consumers: number;
      leader: string;
    }>;
  }

  /** The nodes a process holds AMQP connections to, seen from its sockets (`ss`). */
  nodesOfProcess(pid: number): ClusterNode[] {
    const sockets = execFileSync('ss', ['-Htnp', 'state', 'established'], { encoding: 'utf8' }).split('\n');
    const ports = new Set(
      sockets.filter((line) => line.includes(`pid=${pid},`)).map((line) => Number(line.trim().split(/\s+/)[3]?.split(':').pop())),
    );
    return this.nodes.filter((node) => ports.has(node.port));
  }

  stopNode(node: ClusterNode): void {
    this.ctl(node, 'stop');
  }

  /** Starts a stopped node again: it rejoins the cluster it was in. */
  async restartNode(node: ClusterNode): Promise<void> {
    this.launch(node);
    await this.awaitStartup(node);
  }

  /** `await_startup` refuses a node whose Erlang VM is not up yet: asked again until it answers. */
  private async awaitStartup(node: ClusterNode): Promise<void> {
    await waitFor(
      async () => {
        this.ctl(node, 'await_startup');
        return true;
      },
      120_000,
      `${node.name} to start`,
      1000,
    );
  }

  /** AMQP_URL listing the nodes, starting from `first`: each process can be sent to a node of the test's choosing. */
  amqpUrl(vhost: string, first: ClusterNode = this.primary): string {
    const ordered = [...this.nodes.slice(first.index - 1), ...this.nodes.slice(0, first.index - 1)];
    return ordered.map((node) => `amqp://guest:guest@127.0.0.1:${node.port}/${encodeURIComponent(vhost)}`).join(',');
  }

  /** Stops every node and removes their files. */
  close(): void {
    for (const node of this.nodes) {
      try {
        this.ctl(node, 'stop');
      } catch {
        // already stopped
      }
    }
    asAdministrator('rm', ['-rf', this.dir]);
    rmSync(this.dir, { recursive: true, force: true });
  }

  node(name: string): ClusterNode {
    const node = this.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`${name} is not a node of the cluster`);
    return node;
  }

  private get primary(): ClusterNode {
    return this.nodes[0] as ClusterNode;
  }

  private launch(node: ClusterNode): void {
    asAdministrator('rabbitmq-server', ['-detached'], {
      RABBITMQ_NODENAME: node.name,
      RABBITMQ_NODE_PORT: String(node.port),
      RABBITMQ_DIST_PORT: String(25680 + node.index),
      RABBITMQ_MNESIA_BASE: path.join(this.dir, `m${node.index}`),
      RABBITMQ_LOG_BASE: path.join(this.dir, `l${node.index}`),
      RABBITMQ_PID_FILE: path.join(this.dir, `p${node.index}.pid`),
    });
  }
}
