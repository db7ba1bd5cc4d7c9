import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RealAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the server answered `100 Continue` (the body was sent only then). */
  continued: boolean;
}

/**
 * One request over a real socket with node's HTTP client, the headers and the
 * path exactly as written (inject() and fetch would add, drop or normalise
 * some). A fresh connection each time, so the client says `Connection: close`
 * and names no other header in it. With `Expect: 100-continue` the body is
 * sent once the server answers 100 Continue, as curl does for uploads over 1 MiB.
 */
export function realRequest(
  address: string,
  { method = 'GET', path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<RealAnswer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const request = httpRequest(`${address}/`, { method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), continued }),
      );
    });
    request.on('error', reject);
    if (body !== undefined && /100-continue/i.test(headers.expect ?? '')) {
      request.on('continue', () => {
        continued = true;
        request.end(body);
      });
      request.flushHeaders();
    } else {
      request.on('continue', () => (continued = true));
      request.end(body);
    }
  });
}

/** Bytes written on a raw TCP socket, and everything the server sent back until it closed the connection. */
export function rawExchange(address: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
