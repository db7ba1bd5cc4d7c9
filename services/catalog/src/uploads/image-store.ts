import { isObjectIdText } from '@cine/contracts';
import type { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import { mongo, Types, type Connection } from 'mongoose';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest side accepted: a poster needs far less, and a header declaring more is a decompression bomb. */
export const MAX_IMAGE_SIDE = 8000;

const SIGNATURES: Array<{ contentType: string; matches: (bytes: Buffer) => boolean }> = [
  { contentType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    contentType: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type the content starts with (not what its name or the client claims), else undefined. */
function detectImageType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.contentType;
}

/** image-size's name for each accepted content type. */
const DECODED_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Markup a browser could run if it ever sniffed the file as a document (HTML, SVG, XML). */
const ACTIVE_MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype)[\s>/]|javascript:/i;

export type ImageCheck =
  { ok: true; contentType: string; width: number; height: number } | { ok: false; reason: 'not-an-image' | 'too-large' };

/**
 * What the bytes really are: the signature gives the type, then the header is
 * decoded (image-size) and must be of that same type with real dimensions,
 * each side at most MAX_IMAGE_SIDE; a file carrying active markup (a polyglot)
 * is not an image either, whatever its header says.
 */
export function inspectImage(bytes: Buffer): ImageCheck {
  const contentType = detectImageType(bytes);
  if (!contentType) return { ok: false, reason: 'not-an-image' };
  let decoded: { width?: number; height?: number; type?: string };
  try {
    decoded = imageSize(bytes);
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  const { width, height, type } = decoded;
  if (type !== DECODED_TYPES[contentType] || !Number.isInteger(width) || !Number.isInteger(height))
    return { ok: false, reason: 'not-an-image' };
  if (!width || !height || width < 1 || height < 1) return { ok: false, reason: 'not-an-image' };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return { ok: false, reason: 'too-large' };
  if (ACTIVE_MARKUP.test(bytes.toString('latin1'))) return { ok: false, reason: 'not-an-image' };
  return { ok: true, contentType, width, height };
}

export interface StoredImage {
  contentType: string;
  length: number;
  stream: Readable;
}

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
    if (!isObjectIdText(id)) return undefined;
    const objectId = new Types.ObjectId(id);
    const [file] = await this.bucket.find({ _id: objectId }).limit(1).toArray();
    if (!file) return undefined;
    const contentType = (file.metadata as { contentType?: string } | undefined)?.contentType ?? 'application/octet-stream';
    return { contentType, length: file.length, stream: this.bucket.openDownloadStream(objectId) };
  }
}
