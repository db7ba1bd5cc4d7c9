import type { Readable } from 'node:stream';
import { mongo, Types, type Connection } from 'mongoose';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const SIGNATURES: Array<{ contentType: string; matches: (bytes: Buffer) => boolean }> = [
  { contentType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { contentType: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type the content starts with (not what its name or the client claims), else undefined. */
export function detectImageType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.contentType;
}

export interface StoredImage {
  contentType: string;
  length: number;
  stream: Readable;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** Uploaded images in GridFS, in the service's own database. */
export class ImageStore {
  private readonly bucket;

  constructor(db: Connection) {
    this.bucket = new mongo.GridFSBucket(db.db as mongo.Db, { bucketName: 'images' });
  }

  async save(bytes: Buffer, contentType: string, filename: string): Promise<string> {
    const id = new Types.ObjectId();
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStreamWithId(id, filename, { metadata: { contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(bytes);
    });
    return id.toHexString();
  }

  async open(id: string): Promise<StoredImage | undefined> {
    if (!OBJECT_ID.test(id)) return undefined;
    const objectId = new Types.ObjectId(id);
    const [file] = await this.bucket.find({ _id: objectId }).limit(1).toArray();
    if (!file) return undefined;
    const contentType = (file.metadata as { contentType?: string } | undefined)?.contentType ?? 'application/octet-stream';
    return { contentType, length: file.length, stream: this.bucket.openDownloadStream(objectId) };
  }
}
