import type { FastifyInstance } from 'fastify';
import { buildTestGateway, emptyWebRoot } from './testing/fake-services';
import { rawExchange, realRequest } from './testing/real-http';

/** The status line, the headers (lower-case names) and the body of an answer read off the wire. */
function parseAnswer(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('answers given before any route runs: Spanish {statusCode, error} and the security headers', () => {
  let gateway: FastifyInstance;
  let address: string;

  beforeAll(async () => {
    const root = emptyWebRoot();
    gateway = await buildTestGateway({ web: { shell: root, remotes: { catalog: root, checkout: root, admin: root } } });
    address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => gateway.close());

  const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined>) => {
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  };

  it.each(['/%ff', '/api/%ff', '/api/movies/search/%e0%a4%a'])('GET %s (a URL that does not decode) is a Spanish 400', async (path) => {
    const response = await realRequest(address, { path });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 400, error: 'La ruta de la solicitud no es válida.' });
    expect(response.headers['x-request-id']).toBeTruthy();
    expectSecurityHeaders(response.headers);
  });

  it('headers over Node’s limit are a Spanish 431', async () => {
    const response = await realRequest(address, { path: '/api/movies/billboard', headers: { 'x-padding': 'a'.repeat(20 * 1024) } });
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 431, error: 'Las cabeceras de la solicitud son demasiado grandes.' });
    expectSecurityHeaders(response.headers);
  });

  it('a request Node cannot parse is a Spanish 400', async () => {
    const answer = parseAnswer(await rawExchange(address, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 400, error: 'La solicitud HTTP no es válida.' });
    expectSecurityHeaders(answer.headers);
  });
});
