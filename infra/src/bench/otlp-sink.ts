import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSink {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT (the exporter posts to <url>/v1/traces). */
  url: string;
  /** Export requests received and their bytes: what the platform's tracing sent. */
  received(): { requests: number; bytes: number };
  close(): Promise<void>;
}

/**
 * A collector that keeps nothing: it answers every OTLP export 200, so a benchmark with tracing on
 * pays the whole cost of exporting (batching, encoding, the HTTP round trip) and none of a real backend.
 */
export async function startOtlpSink(): Promise<OtlpSink> {
  let requests = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      requests += 1;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => ({ requests, bytes }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
