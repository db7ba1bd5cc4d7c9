import { adminHeaders, multipart, signedInUser, startCatalog, type CatalogUnderTest } from './helpers';

let catalog: CatalogUnderTest;
let admin: { authorization: string };

beforeAll(async () => {
  catalog = await startCatalog();
  admin = adminHeaders(catalog.app);
});
afterAll(() => catalog.close());

// Real 1×1 images: the service decodes their headers.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A PNG signature and IHDR chunk declaring the given size (the pixels never follow). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([PNG.subarray(0, 8), length, Buffer.from('IHDR'), ihdr, Buffer.alloc(4), PNG.subarray(33)]);
}

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
    const large = Buffer.concat([JPEG.subarray(0, JPEG.length - 2), Buffer.alloc(3 * 1024 * 1024, 7), JPEG.subarray(JPEG.length - 2)]);
    const { secure_url } = (await upload([{ name: 'file', filename: 'grande.jpg', content: large }])).json<{ secure_url: string }>();
    const image = await catalog.app.inject({ method: 'GET', url: secure_url.replace('/api', '') });

    expect(image.headers['content-length']).toBe(String(large.length));
    expect(image.rawPayload.equals(large)).toBe(true);
  });

  it('refuses content that is not an image, whatever its name and declared type', async () => {
    const response = await upload([
      { name: 'file', filename: 'poster.png', contentType: 'image/png', content: '<script>alert(1)</script>' },
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'El archivo no es una imagen PNG, JPEG, GIF o WebP.' });
  });

  it.each([
    [
      'a PNG signature followed by SVG markup',
      Buffer.concat([PNG.subarray(0, 8), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]),
    ],
    ['a GIF/JavaScript polyglot', Buffer.concat([Buffer.from('GIF89a/*'), GIF.subarray(8), Buffer.from('*/=1;alert(document.domain)//')])],
    [
      'a GIF/HTML polyglot',
      Buffer.concat([
        GIF.subarray(0, GIF.length - 1),
        Buffer.from('<html><body><script>alert(1)</script></body></html>'),
        Buffer.from([0x3b]),
      ]),
    ],
    ['a PNG whose chunks are cut short', PNG.subarray(0, 20)],
  ])('refuses %s', async (_kind, content) => {
    const response = await upload([{ name: 'file', filename: 'poster.png', contentType: 'image/png', content }]);
    expect(response.statusCode).toBe(400);
    // The JavaScript polyglot's `/*` reads as a width of 10799 pixels: refused for its size before anything else.
    expect(response.json().error).toMatch(
      /^(El archivo no es una imagen PNG, JPEG, GIF o WebP|La imagen supera el máximo de 8000 × 8000 píxeles)\.$/,
    );
  });

  it('refuses an image whose declared dimensions are over the limit (a decompression bomb)', async () => {
    const response = await upload([{ name: 'file', filename: 'bomb.png', content: pngDeclaring(100_000, 100_000) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'La imagen supera el máximo de 8000 × 8000 píxeles.' });
    expect((await upload([{ name: 'file', filename: 'ok.png', content: pngDeclaring(4000, 6000) }])).statusCode).toBe(201);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', multipart([{ name: 'file', filename: 'a.png', content: PNG }]).payload],
    [
      'truncated',
      multipart([]).headers['content-type'],
      multipart([{ name: 'file', filename: 'a.png', content: PNG }]).payload.subarray(0, 90),
    ],
    ['with only a closing boundary', multipart([]).headers['content-type'], Buffer.from('------cine-test-boundary--\r\n')],
    ['with garbage instead of parts', multipart([]).headers['content-type'], Buffer.from('not a multipart body at all')],
  ])('answers 400 to a multipart body %s', async (_kind, contentType, payload) => {
    const response = await catalog.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: { ...admin, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^(El cuerpo multipart no es válido|Falta la imagen en el campo file)\./);
  });

  it('refuses an image over 5 MiB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([{ name: 'file', filename: 'big.png', contentType: 'image/png', content: big }]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'La imagen supera el tamaño máximo de 5 MB.' });
  });

  it('a body without the file field, or not multipart, is refused', async () => {
    expect((await upload([{ name: 'upload_preset', content: 'cine' }])).json()).toEqual({
      statusCode: 400,
      error: 'Falta la imagen en el campo file.',
    });
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
    expect((await catalog.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef01234567' })).json()).toEqual({
      statusCode: 404,
      error: 'No existe la imagen.',
    });
    expect((await catalog.app.inject({ method: 'GET', url: '/uploads/nada' })).statusCode).toBe(404);
  });
});
