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

test('a refusal other than the network (session expired) is thrown and keeps the scans', async () => {
  const queue = new DoorQueue(memoryStorage());
  queue.record(aScan('a', 'CODE2345'));
  await expect(
    uploadQueue(queue, async () => {
      throw new ApiError(401, 'Tu sesión expiró. Inicia sesión nuevamente.');
    }),
  ).rejects.toMatchObject({ status: 401 });
  expect(queue.pending()).toHaveLength(1);
});

test('more than one batch goes as several uploads of at most 500', async () => {
  const queue = new DoorQueue(memoryStorage());
  for (let n = 0; n < 501; n += 1) queue.record(aScan(`id-${n}`, `C${n}`));
  const sizes: number[] = [];
  const outcome = await uploadQueue(queue, async (scans) => {
    sizes.push(scans.length);
    return { results: scans.map((scan) => admitted(scan.clientScanId)) };
  });
  expect(sizes).toEqual([500, 1]);
  expect(outcome).toMatchObject({ status: 'done', uploaded: 501 });
});
