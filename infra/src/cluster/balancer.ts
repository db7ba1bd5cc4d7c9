import net from 'node:net';

/**
 * A round-robin TCP balancer on loopback, standing in for a Kubernetes Service in the replica tests:
 * each connection goes to the next backend, and a backend that refuses it (an instance killed) is
 * skipped, as a Service drops a pod that is not ready. Connections open on a killed backend break,
 * as they would in a cluster.
 */
export class TcpBalancer {
  private next = 0;
  private readonly server = net.createServer((client) => this.forward(client, 0));
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly backends: readonly number[]) {}

  /** Listens on `port` (0: any free port) and answers the port. */
  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: net.Socket, tried: number, lastError?: Error): void {
    if (tried === 0) {
      client.pause();
      client.on('error', () => undefined);
      this.track(client);
    }
    if (tried >= this.backends.length) {
      console.error(`balancer: every backend (${this.backends.join(', ')}) refused a connection: ${String(lastError)}`);
      client.destroy();
      return;
    }
    const port = this.backends[this.next % this.backends.length] as number;
    this.next += 1;
    const backend = net.connect(port, '127.0.0.1');
    const refused = (error: Error) => this.forward(client, tried + 1, error);
    backend.once('error', refused);
    backend.once('connect', () => {
      backend.off('error', refused);
      this.track(backend);
      backend.on('error', () => client.destroy());
      client.once('close', () => backend.destroy());
      backend.once('close', () => client.destroy());
      client.pipe(backend).pipe(client);
      client.resume();
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
