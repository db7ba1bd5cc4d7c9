/**
 * @jest-environment node
 */
import type { OfflineScan, OfflineScanResult } from '@cine/contracts';
import { ApiError } from '@cine/web-kit';
import { DoorQueue, uploadQueue } from './doorQueue';

/** The browser's storage as the queue uses it; a second queue on the same storage is the page reloaded. */
function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

const aScan = (id: string, code: string, showId = 's1'): { scan: OfflineScan; code: string } => ({
  scan: { clientScanId: id, code, showId, scannedAt: `2026-11-26T22:0${id.length}:00.000Z`, entrance: 'Puerta 1' },
  code,
});

const admitted = (clientScanId: string): OfflineScanResult => ({
  clientScanId,
  result: 'admitted',
  message: 'Entrada válida.',
  conflict: false,
});
const twice = (clientScanId: string): OfflineScanResult => ({
  clientScanId,
  result: 'already_used',
  message: 'Entrada ya usada.',
  conflict: true,
  usedAt: '2026-11-26T21:59:00.000Z',
  entrance: 'Puerta 2',
});

test('recorded check-ins survive a reload and are the show’s admissions for the duplicate check', () => {
  const storage = memoryStorage();
  new DoorQueue(storage).record(aScan('a', 'CODE2345'));
  new DoorQueue(storage).record(aScan('b', 'OTHER234', 's2'));
  const reloaded = new DoorQueue(storage);
  expect(reloaded.pending().map(({ scan }) => scan.clientScanId)).toEqual(['a', 'b']);
  expect(reloaded.admissionsOf('s1')).toEqual([{ code: 'CODE2345', at: '2026-11-26T22:01:00.000Z', entrance: 'Puerta 1' }]);
});

test('an upload sends the scans oldest first; answered ones leave the queue and a ticket admitted twice is reported as a conflict', async () => {
  const queue = new DoorQueue(memoryStorage());
  queue.record(aScan('a', 'CODE2345'));
  queue.record(aScan('bb', 'CODE2345'));
  const sent: OfflineScan[][] = [];
  const outcome = await uploadQueue(queue, async (scans) => {
    sent.push(scans);
    return { results: [admitted('a'), twice('bb')] };
  });
  expect(sent).toEqual([[aScan('a', 'CODE2345').scan, aScan('bb', 'CODE2345').scan]]);
  expect(outcome).toEqual({ status: 'done', uploaded: 2, problems: [twice('bb')] });
  expect(queue.pending()).toEqual([]);
  expect(queue.problems()).toEqual([twice('bb')]);
  queue.dismissProblems();
  expect(queue.problems()).toEqual([]);
});

test('unreachable, nothing leaves the queue; the next try sends the same scans again (a replay admits nothing twice)', async () => {
  const queue = new DoorQueue(memoryStorage());
  queue.record(aScan('a', 'CODE2345'));
  expect(
    await uploadQueue(queue, async () => {
      throw new ApiError(0, 'No se pudo conectar con el servidor. Inténtalo de nuevo.');
    }),
  ).toEqual({ status: 'unreachable', uploaded: 0 });
  expect(queue.pending()).toHaveLength(1);

  const sent: string[] = [];
  await uploadQueue(queue, async (scans) => {
    sent.push(...scans.map((scan) => scan.clientScanId));
    return { results: scans.map((scan) => admitted(scan.clientScanId)) };
  });
  expect(sent).toEqual(['a']);
  expect(queue.pending()).toEqual([]);
});

test('a refusal that is not about the scans (session expired) stops the upload and keeps them for the next try', async () => {
  const queue = new DoorQueue(memoryStorage());
  queue.record(aScan('a', 'CODE2345'));
  expect(
    await uploadQueue(queue, async () => {
      throw new ApiError(401, 'Tu sesión expiró. Inicia sesión nuevamente.');
    }),
  ).toEqual({ status: 'stopped', uploaded: 0, reason: 'Tu sesión expiró. Inicia sesión nuevamente.' });
  expect(queue.pending()).toHaveLength(1);
});

/** A scan as a door records a QR: a signed token of about 250 characters. */
const qrScan = (n: number): { scan: OfflineScan; code: string } => ({
  scan: {
    clientScanId: `4f1c2a9e8b7d6c5f4e3d2c1b0a9f8e${String(n).padStart(4, '0')}`,
    token: `eyJhbGciOiJFZERTQSIsImtpZCI6ImFiY2QxMjM0In0.${'x'.repeat(150)}${n}.${'s'.repeat(86)}`,
    showId: '6745abcdef0123456789abcd',
    scannedAt: '2026-11-26T22:58:00.000Z',
    entrance: 'Puerta principal',
  },
  code: `CODE${n}`,
});

/** The gateway in front of booking: a body over 64 KiB is refused (413) before any scan is looked at. */
const GATEWAY_BODY_LIMIT = 64 * 1024;
function gateway(sent: number[]) {
  return async (scans: OfflineScan[]) => {
    const bytes = new TextEncoder().encode(JSON.stringify({ scans })).length;
    if (bytes > GATEWAY_BODY_LIMIT) throw new ApiError(413, 'El cuerpo de la solicitud es demasiado grande.');
    sent.push(bytes);
    return { results: scans.map((scan) => admitted(scan.clientScanId)) };
  };
}

test('1,000 offline scans of one show all reach the server in batches that fit the gateway’s 64 KiB', async () => {
  const queue = new DoorQueue(memoryStorage());
  for (let n = 0; n < 1_000; n += 1) queue.record(qrScan(n));
  const sent: number[] = [];

  const outcome = await uploadQueue(queue, gateway(sent));

  expect(outcome).toEqual({ status: 'done', uploaded: 1_000, problems: [] });
  expect(queue.pending()).toEqual([]);
  expect(Math.max(...sent)).toBeLessThanOrEqual(48 * 1024);
  expect(sent.length).toBe(10); // 100 scans (about 40 KiB) a batch
});

test('a scan the server refuses does not hold back the queue: the batch is split, the rest admitted, that scan reported', async () => {
  const queue = new DoorQueue(memoryStorage());
  for (let n = 0; n < 250; n += 1) queue.record(qrScan(n));
  const bad = qrScan(137).scan.clientScanId;
  const batches: number[] = [];

  const outcome = await uploadQueue(queue, async (scans) => {
    batches.push(scans.length);
    if (scans.some((scan) => scan.clientScanId === bad)) throw new ApiError(400, 'scannedAt no es una fecha.');
    return { results: scans.map((scan) => admitted(scan.clientScanId)) };
  });

  expect(outcome).toMatchObject({ status: 'done', uploaded: 249 });
  expect(queue.pending()).toEqual([]);
  expect(queue.problems()).toEqual([
    {
      clientScanId: bad,
      result: 'invalid',
      conflict: false,
      message: 'Entrada CODE137: el servidor rechazó este ingreso (scannedAt no es una fecha.).',
    },
  ]);
  expect(batches.length).toBeLessThan(20);
});
