import { createHash } from 'node:crypto';

/** An account of the image host the original app used (Cloudinary), from CLOUDINARY_URL. */
export interface CloudinaryAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** https://api.cloudinary.com unless a test points it elsewhere. */
  apiBase: string;
}

/** `cloudinary://<api_key>:<api_secret>@<cloud_name>`, else undefined. */
export function parseCloudinaryUrl(url: string | undefined, apiBase = 'https://api.cloudinary.com'): CloudinaryAccount | undefined {
  if (!url) return undefined;
  const match = /^cloudinary:\/\/([^:@/]+):([^@/]+)@([^/?#]+)$/.exec(url.trim());
  if (!match) throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  return { apiKey: decodeURIComponent(match[1]!), apiSecret: decodeURIComponent(match[2]!), cloudName: match[3]!, apiBase };
}

/** A signed upload; resolves to the image's https URL. */
export async function uploadToCloudinary(
  account: CloudinaryAccount,
  bytes: Buffer,
  contentType: string,
  filename: string,
): Promise<string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHash('sha1').update(`timestamp=${timestamp}${account.apiSecret}`).digest('hex');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  form.append('api_key', account.apiKey);
  form.append('timestamp', timestamp);
  form.append('signature', signature);
  const response = await fetch(`${account.apiBase}/v1_1/${encodeURIComponent(account.cloudName)}/image/upload`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { secure_url?: unknown };
  if (!response.ok || typeof answer.secure_url !== 'string') throw new Error(`Cloudinary answered ${response.status}`);
  return answer.secure_url;
}
