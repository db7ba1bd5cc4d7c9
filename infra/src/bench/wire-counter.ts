import net from 'node:net';

const OP_MSG = 2013;
const HEADER_BYTES = 16;
/** The driver's own conversation (monitoring, handshakes, sessions): not the service's work. */
const BOOKKEEPING = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'buildInfo', 'endSessions', 'saslStart', 'saslContinue']);

/**
 * A TCP proxy in front of the MongoDB-wire server that counts the commands passing through it by
 * name (find, update, findAndModify, insert, aggregate, getMore, …): one per service, so the
 * capacity bench reads each service's database operations per purchase. It reads the wire
 * protocol's OP_MSG header and the command document's first key, and forwards every byte as it is.
 */
export class WireCounter {
  readonly counts = new Map<string, number>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => this.forward(client));

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Commands counted so far, bookkeeping left out. */
  total(): number {
    return [...this.counts].filter(([name]) => !BOOKKEEPING.has(name)).reduce((sum, [, count]) => sum + count, 0);
  }

  snapshot(): Map<string, number> {
    return new Map([...this.counts].filter(([name]) => !BOOKKEEPING.has(name)));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: net.Socket): void {
    const server = net.connect(this.target.port, this.target.host);
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => this.sockets.delete(socket));
    }
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      server.write(chunk);
      pending = this.count(Buffer.concat([pending, chunk]));
    });
    server.pipe(client);
    client.once('close', () => server.destroy());
    server.once('close', () => client.destroy());
  }

  /** Counts every whole message in `buffer`; answers the bytes of an unfinished one. */
  private count(buffer: Buffer): Buffer {
    let offset = 0;
    while (buffer.length - offset >= HEADER_BYTES) {
      const length = buffer.readInt32LE(offset);
      if (buffer.length - offset < length) break;
      if (buffer.readInt32LE(offset + 12) === OP_MSG) {
        // flagBits (4 bytes), then section kind 0: the command document; its first key names the command.
        const section = offset + HEADER_BYTES + 4;
        if (buffer[section] === 0) {
          const keyStart = section + 1 + 4 + 1;
          const keyEnd = buffer.indexOf(0, keyStart);
          const name = buffer.toString('utf8', keyStart, keyEnd);
          this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        }
      }
      offset += length;
    }
    return buffer.subarray(offset);
  }
}
