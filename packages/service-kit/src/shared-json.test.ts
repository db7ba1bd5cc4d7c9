import Fastify from 'fastify';
import zlib from 'node:zlib';
import { SharedJson } from './shared-json';

const large = JSON.stringify(Array.from({ length: 2000 }, (_, n) => ({ id: n, title: `Función ${n}`, seats: n % 100 })));

async function served(json: SharedJson, acceptEncoding?: string) {
  const app = Fastify();
  app.get('/', (request, reply) => json.send(request, reply));
  const answer = await app.inject({ method: 'GET', url: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  await app.close();
  return answer;
}

describe('SharedJson', () => {
  it.each([
    ['br', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ['gzip;q=0.5, br;q=0.9', 'br', zlib.brotliDecompressSync],
  ])('sends a large text compressed in the encoding the client prefers (%p → %p)', async (accepted, encoding, decode) => {
    const answer = await served(new SharedJson(large), accepted);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(decode(answer.rawPayload).toString('utf8')).toBe(large);
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'sends the text as it is to a client that accepts neither (%p)',
    async (accepted) => {
      const answer = await served(new SharedJson(large), accepted);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(large);
    },
  );

  it('sends a small text as it is, whatever the client accepts', async () => {
    const answer = await served(new SharedJson('[{"id":1}]'), 'br, gzip');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('[{"id":1}]');
  });

  it('compresses once per encoding, however many requests share the text', async () => {
    const json = new SharedJson(large);
    const [first, second] = await Promise.all([json.encodedAs('br'), json.encodedAs('br')]);
    expect(second).toBe(first);
    expect(await json.encodedAs('br')).toBe(first);
    expect(first.length).toBeLessThan(large.length / 5);
  });
});
