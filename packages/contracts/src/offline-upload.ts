/** The most scans one POST /checkin/offline carries. */
export const OFFLINE_UPLOAD_MAX_SCANS = 100;
/** The most bytes of JSON a door puts in one upload: well inside the gateway's and services' 64 KiB body limit. */
export const OFFLINE_UPLOAD_MAX_BYTES = 48 * 1024;

// The encoder is made on first use: importing the contracts must not need TextEncoder (jsdom's test environment has none).
let encoder: InstanceType<typeof TextEncoder> | undefined;
const bytesOf = (value: unknown) => (encoder ??= new TextEncoder()).encode(JSON.stringify(value)).length;
/** `{"scans":[]}` around the scans. */
const ENVELOPE_BYTES = '{"scans":[]}'.length;

/**
 * How many of the oldest scans go in the next upload: at most `maxScans` and OFFLINE_UPLOAD_MAX_BYTES of JSON,
 * whatever the tokens' length; at least one when scans wait (one scan is a few KiB at most).
 */
export function offlineBatchSize(scans: readonly unknown[], maxScans: number = OFFLINE_UPLOAD_MAX_SCANS): number {
  let bytes = ENVELOPE_BYTES;
  let count = 0;
  for (const scan of scans) {
    const size = bytesOf(scan) + (count > 0 ? 1 : 0);
    if (count > 0 && (count >= maxScans || bytes + size > OFFLINE_UPLOAD_MAX_BYTES)) break;
    bytes += size;
    count += 1;
  }
  return count;
}
