import type { OfflineCheckinAnswer, OfflineScan, OfflineScanResult } from '@cine/contracts';
import { ApiError } from '@cine/web-kit';
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

/** The most scans one upload carries (OfflineCheckinUpload's limit). */
const UPLOAD_BATCH = 500;

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
  { status: 'done'; uploaded: number; problems: OfflineScanResult[] } | { status: 'unreachable'; uploaded: number };

/**
 * Uploads the queue, oldest first, in batches. Unreachable midway, what was answered is settled and the
 * rest waits for the next try; a lost answer is harmless, since replaying the same scans admits nothing twice.
 */
export async function uploadQueue(
  queue: DoorQueue,
  upload: (scans: OfflineScan[]) => Promise<OfflineCheckinAnswer>,
): Promise<UploadOutcome> {
  let uploaded = 0;
  const problems: OfflineScanResult[] = [];
  for (let batch = queue.pending().slice(0, UPLOAD_BATCH); batch.length > 0; batch = queue.pending().slice(0, UPLOAD_BATCH)) {
    let answer: OfflineCheckinAnswer;
    try {
      answer = await upload(batch.map(({ scan }) => scan));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return { status: 'unreachable', uploaded };
      throw error;
    }
    problems.push(...queue.settle(answer.results));
    uploaded += answer.results.length;
    // A server that answered none of the batch would keep it forever: stop rather than loop.
    if (answer.results.length === 0) break;
  }
  return { status: 'done', uploaded, problems };
}
