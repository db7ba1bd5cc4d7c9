import { adminHeaders, multipart, signedInUser, startCatalog, type CatalogUnderTest } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
});
afterAll(() => catalog.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
const GIF = Buffer.from('GIF89a-gif-body');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);

function upload(parts: Parameters<typeof multipart>[0], headers: Record<string, string> = admin) {
  const body = multipart(parts);
  return catalog.app.inject({ method: 'POST', url: '/uploads', headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('POST /uploads and GET /uploads/:id', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('stores a %s and serves it back with its type and a long cache', async (_label, bytes, contentType) => {
    const response = await upload([
      { name: 'upload_preset', content: 'cine' },
      { name: 'file', filename: 'poster.bin', contentType: 'application/octet-stream', content: bytes },
    ]);

    expect(response.statusCode).toBe(201);
    const { id, secure_url } = response.json<{ id: string; secure_url: string }>();
    expect(secure_url).toBe(`/api/uploads/${id}`);
    const image = await catalog.app.inject({ method: 'GET', url: `/uploads/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(contentType);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(bytes)).toBe(true);
  });

  it('a 3 MiB image (many GridFS chunks) comes back byte for byte', async () => {
    const large = Buffer.concat([JPEG, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const { secure_url } = (await upload([{ name: 'file', filename: 'grande.jpg', content: large }])).json<{ secure_url: string }>();
    const image = await catalog.app.inject({ method: 'GET', url: secure_url.replace('/api', '') });

    expect(image.headers['content-length']).toBe(String(large.length));
    expect(image.rawPayload.equals(large)).toBe(true);
  });

  it('refuses content that is not an image, whatever its name and declared type', async () => {
    const response = await upload([{ name: 'file', filename: 'poster.png', contentType: 'image/png', content: '<script>alert(1)</script>' }]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'El archivo no es una imagen PNG, JPEG, GIF o WebP.' });
  });

  it('refuses an image over 5 MiB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([{ name: 'file', filename: 'big.png', contentType: 'image/png', content: big }]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'La imagen supera el tamaño máximo de 5 MB.' });
  });

  it('a body without the file field, or not multipart, is refused', async () => {
    expect((await upload([{ name: 'upload_preset', content: 'cine' }])).json()).toEqual({ statusCode: 400, error: 'Falta la imagen en el campo file.' });
    const json = await catalog.app.inject({ method: 'POST', url: '/uploads', headers: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('guests get 401 and users 403', async () => {
    const user = await signedInUser(catalog);
    const parts = [{ name: 'file', filename: 'a.png', content: PNG }];

    expect((await upload(parts, {})).statusCode).toBe(401);
    expect((await upload(parts, user.headers)).statusCode).toBe(403);
  });

  it('404 for an unknown image', async () => {
    expect((await catalog.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef01234567' })).json()).toEqual({ statusCode: 404, error: 'No existe la imagen.' });
    expect((await catalog.app.inject({ method: 'GET', url: '/uploads/nada' })).statusCode).toBe(404);
  });
});
