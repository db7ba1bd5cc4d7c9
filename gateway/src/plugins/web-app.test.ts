import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { webRootsIn } from '../options';
import { buildTestGateway, emptyWebRoot } from '../testing/fake-services';

const SHELL_INDEX =
  '<!doctype html><html lang="es"><head><script src="/config.js"></script></head><body><div id="root"></div></body></html>';

/** A WEB_ROOT laid out like a deployment, with fake built files. */
function fakeWebRoot(): string {
  const root = emptyWebRoot();
  const files: Record<string, string> = {
    'shell/index.html': SHELL_INDEX,
    'shell/main.c1d68079.js': 'shell bundle',
    'shell/main.c1d68079.js.br': 'shell bundle, brotli',
    'shell/main.c1d68079.js.gz': 'shell bundle, gzip',
    'shell/logo.svg': '<svg/>',
    'shell/assets/logo.0007de72.svg': '<svg/>',
    'shell/.env': 'SECRET=1',
    'remotes/catalog/remoteEntry.js': 'catalog entry',
    'remotes/catalog/176.7bc5cd67.js': 'catalog chunk',
    'remotes/checkout/remoteEntry.js': 'checkout entry',
    'remotes/admin/remoteEntry.js': 'admin entry',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

describe('web apps', () => {
  let root: string;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    root = fakeWebRoot();
    gateway = await buildTestGateway({ web: webRootsIn(root) });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/login', '/movies/65f1c0ffee', '/Checkout', '/admin', '/feedback', '/una/pagina/que/no/existe', '/index.html'])(
    "answers the page route %s with the shell's index.html, revalidated on every load",
    async (url) => {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SHELL_INDEX);
    },
  );

  it.each([
    ['br, gzip', 'br', 'shell bundle, brotli'],
    ['gzip, deflate', 'gzip', 'shell bundle, gzip'],
    ['identity', undefined, 'shell bundle'],
  ])('sends the copy compressed at build time that the browser accepts (Accept-Encoding: %s)', async (accepted, encoding, body) => {
    const response = await gateway.inject({ method: 'GET', url: '/main.c1d68079.js', headers: { 'accept-encoding': accepted } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(body);
  });

  it.each([
    ['/main.c1d68079.js', 'shell bundle', 'public, max-age=31536000, immutable'],
    ['/assets/logo.0007de72.svg', '<svg/>', 'public, max-age=31536000, immutable'],
    ['/logo.svg', '<svg/>', 'no-cache'],
    ['/remotes/catalog/remoteEntry.js', 'catalog entry', 'no-cache'],
    ['/remotes/catalog/176.7bc5cd67.js', 'catalog chunk', 'public, max-age=31536000, immutable'],
    ['/remotes/checkout/remoteEntry.js', 'checkout entry', 'no-cache'],
    ['/remotes/admin/remoteEntry.js', 'admin entry', 'no-cache'],
  ])('serves %s with its cache policy', async (url, body, cacheControl) => {
    const response = await gateway.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers.etag).toBeDefined();
  });

  it('answers HEAD for pages and files', async () => {
    expect((await gateway.inject({ method: 'HEAD', url: '/home' })).statusCode).toBe(200);
    expect((await gateway.inject({ method: 'HEAD', url: '/remotes/catalog/remoteEntry.js' })).statusCode).toBe(200);
  });

  it.each([
    '/remotes/checkout/missing.js',
    '/remotes/unknown/remoteEntry.js',
    '/main.00000000.js',
    '/.env',
    '/remotes/catalog/../../shell/.env',
  ])('answers 404 JSON for the missing or hidden file %s', async (url) => {
    const response = await gateway.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('never serves files outside the web root', async () => {
    for (const url of ['/..%2f..%2f..%2fetc%2fpasswd', '/remotes/catalog/..%2f..%2fshell%2f.env', '/%2e%2e/%2e%2e/etc/hostname']) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.body).not.toContain('root:');
      expect(response.body).not.toContain('SECRET');
    }
  });

  it('keeps /api out of the SPA fallback and other methods out of the pages', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api' })).json()).toEqual({
      statusCode: 404,
      error: 'No existe la ruta GET /api.',
    });
    expect((await gateway.inject({ method: 'POST', url: '/home', payload: {} })).statusCode).toBe(404);
  });

  it('serves /config.js with the default remotes and no Stripe key', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(
      'window.__CINE_CONFIG__ = {"remotes":{"catalog":"/remotes/catalog/remoteEntry.js","checkout":"/remotes/checkout/remoteEntry.js","admin":"/remotes/admin/remoteEntry.js"},"stripePublishableKey":null,' +
        '"cinema":{"name":"Cine","address":"Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires","hours":"Todos los días de 10:00 a 0:30","locale":"es-AR","currency":"ARS"},' +
        '"cancellationWindowMinutes":120};\n',
    );
  });
});

describe('/config.js with configured remotes', () => {
  it('carries the remote URLs and the publishable key, and lets the CSP load those remotes', async () => {
    const gateway = await buildTestGateway({
      web: webRootsIn(emptyWebRoot()),
      clientConfig: {
        remotes: { checkout: 'https://checkout.cine.example/remoteEntry.js' },
        stripePublishableKey: 'pk_test_123',
        cinema: { name: 'Cine <Lumière>', address: 'Calle 1', hours: 'De 12 a 24', locale: 'es-UY', currency: 'UYU' },
        cancellationWindowMinutes: 90,
      },
    });
    try {
      const response = await gateway.inject({ method: 'GET', url: '/config.js' });
      const config = JSON.parse(response.body.replace(/^window\.__CINE_CONFIG__ = /, '').replace(/;\n$/, ''));
      expect(config).toEqual({
        remotes: {
          catalog: '/remotes/catalog/remoteEntry.js',
          checkout: 'https://checkout.cine.example/remoteEntry.js',
          admin: '/remotes/admin/remoteEntry.js',
        },
        stripePublishableKey: 'pk_test_123',
        cinema: { name: 'Cine <Lumière>', address: 'Calle 1', hours: 'De 12 a 24', locale: 'es-UY', currency: 'UYU' },
        cancellationWindowMinutes: 90,
      });
      // A '<' in the configuration cannot close the script it is written in.
      expect(response.body).not.toContain('<');
      const csp = String(response.headers['content-security-policy']);
      for (const directive of ['script-src', 'connect-src', 'img-src', 'font-src']) {
        expect(csp).toMatch(new RegExp(`${directive} [^;]*https://checkout\\.cine\\.example`));
      }
    } finally {
      await gateway.close();
    }
  });
});
