import {
  offlineBatchSize,
  OFFLINE_UPLOAD_MAX_SCANS,
  type OfflineCheckinAnswer,
  type OfflineScan,
  type OfflineScanResult,
} from '@cine/contracts';
import { ApiError, errorMessage } from '@cine/web-kit';
import type { LocalAdmission } from './doorVerdict';

/** A check-in the door admitted without network, waiting to be uploaded. */
export interface RecordedScan {
  scan: OfflineScan;
  /** The ticket's code (the token's jti or the typed code), to refuse a second entry at this door. */
  code: string;
}

interface Stored {
  pending: RecordedScan[];
  /** Uploaded scans the server did not take as admissions: a ticket admitted twice, refunded meanwhile… */
  problems: OfflineScanResult[];
}

/**
 * The door's offline check-ins, kept in the browser's storage so a closed tab or a flat battery loses
 * none: recorded when admitted, removed once the server has answered for them.
 */
export class DoorQueue {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    private readonly key = 'cine-door-checkins',
  ) {}

  pending(): RecordedScan[] {
    return this.read().pending;
  }

  problems(): OfflineScanResult[] {
    return this.read().problems;
  }

  /** The admissions of `showId` waiting for upload, for the door's own duplicate check. */
  admissionsOf(showId: string): LocalAdmission[] {
    return this.pending()
      .filter(({ scan }) => scan.showId === showId)
      .map(({ scan, code }) => ({ code, at: scan.scannedAt, entrance: scan.entrance ?? '' }));
  }

  record(recorded: RecordedScan): void {
    const stored = this.read();
    this.write({ ...stored, pending: [...stored.pending, recorded] });
  }

  dismissProblems(): void {
    this.write({ ...this.read(), problems: [] });
  }

  /** A scan the server refused outright (its request was rejected): it leaves the queue as a problem, so the rest can go. */
  reject(recorded: RecordedScan, reason: string): OfflineScanResult {
    const problem: OfflineScanResult = {
      clientScanId: recorded.scan.clientScanId,
      result: 'invalid',
      message: `Entrada ${recorded.code}: el servidor rechazó este ingreso (${reason}).`,
      conflict: false,
    };
    const stored = this.read();
    this.write({
      pending: stored.pending.filter(({ scan }) => scan.clientScanId !== recorded.scan.clientScanId),
      problems: [...stored.problems, problem],
    });
    return problem;
  }

  /** Takes the server's answers for uploaded scans: they leave the queue; those not admitted become problems. */
  settle(results: OfflineScanResult[]): OfflineScanResult[] {
    const answered = new Set(results.map((result) => result.clientScanId));
    const problems = results.filter((result) => result.conflict || result.result !== 'admitted');
    const stored = this.read();
    this.write({
      pending: stored.pending.filter(({ scan }) => !answered.has(scan.clientScanId)),
      problems: [...stored.problems, ...problems],
    });
    return problems;
  }

  private read(): Stored {
    try {
      const stored = JSON.parse(this.storage.getItem(this.key) ?? 'null') as Partial<Stored> | null;
      return { pending: stored?.pending ?? [], problems: stored?.problems ?? [] };
    } catch {
      return { pending: [], problems: [] };
    }
  }

  private write(stored: Stored): void {
    this.storage.setItem(this.key, JSON.stringify(stored));
  }
}

export type UploadOutcome =
  | { status: 'done'; uploaded: number; problems: OfflineScanResult[] }
  | { status: 'unreachable'; uploaded: number }
  /** The server answered neither results nor a refusal of the scans (session expired, server error): the rest waits for the next try. */
  | { status: 'stopped'; uploaded: number; reason: string };

/** The oldest scans that fit one upload (offlineBatchSize: well inside the gateway's 64 KiB); never empty when scans wait. */
function nextBatch(pending: readonly RecordedScan[], maxScans = OFFLINE_UPLOAD_MAX_SCANS): RecordedScan[] {
  return pending.slice(
    0,
    offlineBatchSize(
      pending.map(({ scan }) => scan),
      maxScans,
    ),
  );
}

/** A refusal of the upload's content (a malformed scan, a body too large): the scans are at fault, not the moment. */
const refusesContent = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 422);

/**
 * Uploads the queue, oldest first, in batches that fit. Unreachable midway, what was answered is settled and
 * the rest waits for the next try; a lost answer is harmless, since replaying the same scans admits nothing
 * twice. A batch the server refuses is split in halves until the scan at fault is alone; that scan leaves the
 * queue as a problem, so one bad scan never holds back the others.
 */
export async function uploadQueue(
  queue: DoorQueue,
  upload: (scans: OfflineScan[]) => Promise<OfflineCheckinAnswer>,
): Promise<UploadOutcome> {
  let uploaded = 0;
  let maxScans = OFFLINE_UPLOAD_MAX_SCANS;
  const problems: OfflineScanResult[] = [];
  for (let batch = nextBatch(queue.pending(), maxScans); batch.length > 0; batch = nextBatch(queue.pending(), maxScans)) {
    let answer: OfflineCheckinAnswer;
    try {
      answer = await upload(batch.map(({ scan }) => scan));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return { status: 'unreachable', uploaded };
      if (!refusesContent(error)) return { status: 'stopped', uploaded, reason: errorMessage(error) };
      if (batch.length > 1) {
        maxScans = Math.ceil(batch.length / 2);
      } else {
        problems.push(queue.reject(batch[0] as RecordedScan, errorMessage(error)));
        maxScans = OFFLINE_UPLOAD_MAX_SCANS;
      }
      continue;
    }
    problems.push(...queue.settle(answer.results));
    uploaded += answer.results.length;
    // A server that answered none of the batch would keep it forever: stop rather than loop.
    if (answer.results.length === 0) break;
  }
  return { status: 'done', uploaded, problems };
}
