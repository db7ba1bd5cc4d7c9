/**
 * The seat map viewers of `npm run bench:seatmap`, in a worker thread of their own: 2,000 viewers
 * stand for 2,000 browsers elsewhere, so their reading must not hold up the buyers' requests in the
 * benchmark's main thread (before, both shared one event loop and a burst's purchases waited behind
 * the viewers' parsing). Each viewer is a plain `node:http` stream read as it comes; the worker keeps,
 * per viewer, its snapshot's version and each delta's versions and delay (receipt − the write's `at`).
 *
 * Messages: in `{ type: 'open', base, showId, count }` → out `{ type: 'opened' }` once every viewer
 * has its snapshot (or `{ type: 'failed', message }`); in `{ type: 'report' }` → out the ViewersReport;
 * in `{ type: 'close' }` ends every stream.
 */
import { request, type ClientRequest } from 'node:http';
import { parentPort } from 'node:worker_threads';

/** What every viewer saw, once asked. */
export interface ViewersReport {
  type: 'report';
  /** Per viewer: the snapshot's version, then each delta's from → version. */
  viewers: Array<{ snapshot: number; deltas: Array<[from: number, version: number]>; otherSnapshots: number }>;
  /** Write → receipt of every delta that carried its write's time, ms. */
  delays: number[];
}

export type ViewersCommand = { type: 'open'; base: string; showId: string; count: number } | { type: 'report' } | { type: 'close' };

/** Streams opened at once while connecting them all. */
const OPENING_AT_ONCE = 100;

interface Viewer {
  request: ClientRequest;
  snapshot?: number;
  deltas: Array<[number, number]>;
  otherSnapshots: number;
}

const viewers: Viewer[] = [];
const delays: number[] = [];

function dataOf(block: string): string | undefined {
  const start = block.indexOf('\ndata: ');
  return start === -1 ? undefined : block.slice(start + 7);
}

/** One event block of the stream (`id`, `event`, `data` lines as the platform writes them). */
function onEvent(viewer: Viewer, block: string, receivedAt: number, opened: () => void): void {
  const data = dataOf(block);
  if (data === undefined) return;
  if (block.includes('event: snapshot')) {
    const { version } = JSON.parse(data) as { version: number };
    if (viewer.snapshot === undefined) {
      viewer.snapshot = version;
      opened();
    } else viewer.otherSnapshots += 1;
  } else if (block.includes('event: seats')) {
    const delta = JSON.parse(data) as { from: number; version: number; at?: number };
    viewer.deltas.push([delta.from, delta.version]);
    if (delta.at !== undefined) delays.push(receivedAt - delta.at);
  }
}

function openViewer(base: string, showId: string, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const viewer: Viewer = { deltas: [], otherSnapshots: 0, request: undefined as unknown as ClientRequest };
    let buffered = '';
    viewer.request = request(
      `${base}/api/show/${showId}/seats/stream`,
      // Each viewer from an address of its own (the gateway trusts loopback's X-Forwarded-For here).
      { headers: { accept: 'text/event-stream', 'x-forwarded-for': `10.${200 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`stream ${n}: ${response.statusCode}`));
        }
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          const receivedAt = Date.now();
          buffered += text;
          let end = buffered.indexOf('\n\n');
          while (end !== -1) {
            onEvent(viewer, buffered.slice(0, end), receivedAt, resolve);
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf('\n\n');
          }
        });
      },
    );
    viewer.request.on('error', (error) => reject(error));
    viewer.request.end();
    viewers.push(viewer);
  });
}

async function open(base: string, showId: string, count: number): Promise<void> {
  for (let n = 0; n < count; n += OPENING_AT_ONCE) {
    const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, count - n) }, (_, i) => openViewer(base, showId, n + i));
    await Promise.all(batch);
  }
}

parentPort?.on('message', (command: ViewersCommand) => {
  switch (command.type) {
    case 'open':
      open(command.base, command.showId, command.count).then(
        () => parentPort?.postMessage({ type: 'opened' }),
        (error: Error) => parentPort?.postMessage({ type: 'failed', message: error.message }),
      );
      break;
    case 'report': {
      const report: ViewersReport = {
        type: 'report',
        viewers: viewers.map((viewer) => ({
          snapshot: viewer.snapshot ?? -1,
          deltas: viewer.deltas,
          otherSnapshots: viewer.otherSnapshots,
        })),
        delays,
      };
      parentPort?.postMessage(report);
      break;
    }
    case 'close':
      for (const viewer of viewers) viewer.request.destroy();
      parentPort?.close();
      break;
  }
});
