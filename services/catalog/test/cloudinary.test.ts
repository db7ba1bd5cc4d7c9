import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext } from '@cine/service-kit/testing';
import { buildCatalogApp } from '../src';
import { parseCloudinaryUrl } from '../src/uploads/cloudinary';
import { adminHeaders, multipart } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface ReceivedUpload {
  path: string;
  fields: Record<string, string>;
  file: Buffer;
  fileType: string;
}

let cloud: Server;
let received: ReceivedUpload[] = [];
let answerStatus = 200;
let context: Awaited<ReturnType<typeof createTestContext>>;
let app: Awaited<ReturnType<typeof buildCatalogApp>>;

beforeAll(async () => {
  // Stands in for api.cloudinary.com: reads the signed multipart upload and answers like it.
  cloud = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': request.headers['content-type'] as string },
      }).formData();
      const file = form.get('file') as File;
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      received.push({ path: request.url as string, fields, file: Buffer.from(await file.arrayBuffer()), fileType: file.type });
      response.writeHead(answerStatus, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          answerStatus === 200
            ? { secure_url: 'https://res.cloudinary.com/cine/image/upload/v1/poster.png' }
            : { error: { message: 'no' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}`;
  context = await createTestContext('catalog');
  app = await buildCatalogApp({ ...context, cloudinary: parseCloudinaryUrl('cloudinary://clave:secreto@cine', apiBase) });
});
afterAll(async () => {
  await app.close();
  await context.dropDatabase();
  cloud.close();
});

function upload(content: Buffer | string) {
  const body = multipart([{ name: 'file', filename: 'poster.png', contentType: 'image/png', content }]);
  return app.inject({ method: 'POST', url: '/uploads', headers: { ...adminHeaders(app), ...body.headers }, payload: body.payload });
}

describe('uploads with CLOUDINARY_URL set', () => {
  it('sends a signed upload to the account and answers its secure_url', async () => {
    received = [];
    const response = await upload(PNG);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ secure_url: 'https://res.cloudinary.com/cine/image/upload/v1/poster.png' });
    expect(received).toHaveLength(1);
    const [upload0] = received;
    expect(upload0!.path).toBe('/v1_1/cine/image/upload');
    expect(upload0!.file.equals(PNG)).toBe(true);
    expect(upload0!.fileType).toBe('image/png');
    const { api_key, timestamp, signature } = upload0!.fields;
    expect(api_key).toBe('clave');
    expect(signature).toBe(createHash('sha1').update(`timestamp=${timestamp}secreto`).digest('hex'));
  });

  it('still refuses what is not an image, without calling Cloudinary', async () => {
    received = [];
    expect((await upload('no soy una imagen')).statusCode).toBe(400);
    expect(received).toEqual([]);
  });

  it('502 with the generic Spanish 5xx message when Cloudinary refuses', async () => {
    answerStatus = 500;
    const response = await upload(PNG);
    answerStatus = 200;

    expect(response.json()).toEqual({ statusCode: 502, error: 'Error interno del servidor. Intenta de nuevo más tarde.' });
  });

  it('CLOUDINARY_URL must be well formed', () => {
    expect(parseCloudinaryUrl(undefined)).toBeUndefined();
    expect(parseCloudinaryUrl('cloudinary://k:s@demo')).toEqual({
      apiKey: 'k',
      apiSecret: 's',
      cloudName: 'demo',
      apiBase: 'https://api.cloudinary.com',
    });
    expect(() => parseCloudinaryUrl('https://demo')).toThrow('CLOUDINARY_URL');
  });
});
