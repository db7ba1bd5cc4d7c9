import { installFakeApi, type FakeApi } from './testing/fake-api';
import { api, ApiError } from './api-client';

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
    await expect(failure).rejects.toMatchObject({ status: 0, message: 'No se pudo conectar con el servidor. Intente nuevamente.' });
  });
});
