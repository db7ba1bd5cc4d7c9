import { installFakeApi, type FakeApi } from './testing/fake-api';
import { api, ApiError, newIdempotencyKey, SAVED_AT_HEADER } from './api-client';

const TOKEN = 'admin-token';
const REPORT = '/sales/export.csv?report=summary';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
});

/** jsdom's Blob has no text(). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('download()', () => {
  test('answers the file as sent and the name from Content-Disposition, sending the token and Accept', async () => {
    fake.on('GET', `/api${REPORT}`, {
      status: 200,
      body: 'Nombre,Tipo\nMatrix,3D\n',
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="ventas-resumen-2026-03.csv"' },
    });

    const file = await api.download(REPORT, { token: TOKEN, accept: 'text/csv' });

    expect(file.fileName).toBe('ventas-resumen-2026-03.csv');
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(await textOf(file.blob)).toBe('Nombre,Tipo\nMatrix,3D\n');
    const request = fake.onlyRequestTo('GET', `/api${REPORT}`);
    expect(request.headers).toEqual({ Accept: 'text/csv', Authorization: `Bearer ${TOKEN}` });
  });

  test('a file without Content-Disposition has no name', async () => {
    fake.on('GET', `/api${REPORT}`, { status: 200, body: 'Nombre,Tipo\n' });
    expect((await api.download(REPORT, { token: TOKEN })).fileName).toBeNull();
  });

  test("a refusal is an ApiError with the status and the error body's Spanish text", async () => {
    fake.on('GET', `/api${REPORT}`, { status: 401, body: { statusCode: 401, error: 'Tu sesión expiró. Inicia sesión nuevamente.' } });
    const failure = api.download(REPORT, { token: TOKEN });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Tu sesión expiró. Inicia sesión nuevamente.' });
  });

  test('a refusal without an error body carries the generic message', async () => {
    fake.on('GET', `/api${REPORT}`, { status: 502, body: '<html>Bad Gateway</html>' });
    const failure = api.download(REPORT, { token: TOKEN });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 502, message: 'Hubo problemas. Intente nuevamente.' });
  });

  test('an unreachable server is an ApiError with status 0 and the Spanish network message', async () => {
    fake.on('GET', `/api${REPORT}`, () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = api.download(REPORT, { token: TOKEN });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0, message: 'No se pudo conectar con el servidor. Inténtalo de nuevo.' });
  });
});

describe('getMaybeSaved()', () => {
  test("answers the data and null when the network answered, the saved copy's date when the service worker did", async () => {
    fake.on('GET', '/api/tickets/mine', { status: 200, body: [{ code: 'ABCD2345' }] });
    expect(await api.getMaybeSaved('/tickets/mine', { token: TOKEN })).toEqual({ data: [{ code: 'ABCD2345' }], savedAt: null });
    expect(fake.onlyRequestTo('GET', '/api/tickets/mine').headers.Authorization).toBe(`Bearer ${TOKEN}`);

    fake.on('GET', '/api/tickets/mine', { status: 200, body: [], headers: { [SAVED_AT_HEADER]: '2026-11-26T21:00:00.000Z' } });
    expect(await api.getMaybeSaved('/tickets/mine', { token: TOKEN })).toEqual({ data: [], savedAt: '2026-11-26T21:00:00.000Z' });
  });
});

test('a refusal keeps its parsed body, for answers that say more than `error`', async () => {
  const answer = { result: 'already_used', message: 'Entrada ya usada.', usedAt: '2026-11-26T21:00:00.000Z' };
  fake.on('POST', '/api/checkin', { status: 409, body: answer });
  await expect(api.post('/checkin', { code: 'X' }, { token: TOKEN })).rejects.toMatchObject({ status: 409, body: answer });
});

describe('idempotency keys', () => {
  test('a write with idempotencyKey sends it as the Idempotency-Key header; one without sends none', async () => {
    fake.on('POST', '/api/club/members/u1/adjust', { status: 201, body: {} });
    await api.post('/club/members/u1/adjust', { points: 5 }, { token: TOKEN, idempotencyKey: 'ajuste-0001' });
    await api.post('/club/members/u1/adjust', { points: 5 }, { token: TOKEN });
    const [keyed, plain] = fake.requestsTo('POST', '/api/club/members/u1/adjust');
    expect(keyed?.headers['Idempotency-Key']).toBe('ajuste-0001');
    expect(plain?.headers).not.toHaveProperty('Idempotency-Key');
  });

  test('newIdempotencyKey answers a fresh key each time, in the form the server takes (8–100 of [A-Za-z0-9_-])', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
