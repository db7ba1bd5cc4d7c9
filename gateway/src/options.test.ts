import path from 'node:path';
import { gatewayOptionsFromEnv, repositoryWebRoots, webRootsIn } from './options';

const variables = [
  'PORT',
  'HOST',
  'JWT_SECRET',
  'WEB_ROOT',
  'AUTH_RATE_LIMIT',
  'MAX_SEAT_STREAMS_PER_ADDRESS',
  'CANCELLATION_WINDOW_MINUTES',
  'TRUST_PROXY',
  'CATALOG_REMOTE_URL',
  'STRIPE_PUBLISHABLE_KEY',
  'IDENTITY_SERVICE_URL',
  'NOTIFICATION_SERVICE_URL',
  'CATALOG_SERVICE_URL',
  'BOOKING_SERVICE_URL',
  'CANDY_SERVICE_URL',
  'SALES_SERVICE_URL',
];

describe('gateway options from the environment', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    for (const key of variables) delete process.env[key];
    process.env.JWT_SECRET = 'from-env';
  });
  afterAll(() => {
    process.env = saved;
  });

  it('defaults to the ports of the brief, port 8080 and the repository dist folders', () => {
    const { options, listen } = gatewayOptionsFromEnv();
    expect(listen).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(options.jwtSecret).toBe('from-env');
    expect(options.services).toEqual({
      identity: 'http://127.0.0.1:7101',
      notification: 'http://127.0.0.1:7102',
      catalog: 'http://127.0.0.1:7103',
      booking: 'http://127.0.0.1:7104',
      candy: 'http://127.0.0.1:7105',
      sales: 'http://127.0.0.1:7106',
    });
    expect(options.web).toEqual(repositoryWebRoots());
    expect(options.authRateLimit).toEqual({ max: 20, timeWindowMs: 60_000 });
    expect(options.clientConfig?.stripePublishableKey).toBeNull();
    expect(options.trustProxy).toBeUndefined();
  });

  it('resolves the repository dist folders from the gateway package', () => {
    const repository = path.resolve(__dirname, '..', '..');
    expect(repositoryWebRoots()).toEqual({
      shell: path.join(repository, 'shell', 'dist'),
      remotes: {
        catalog: path.join(repository, 'mfe-catalog', 'dist'),
        checkout: path.join(repository, 'mfe-checkout', 'dist'),
        admin: path.join(repository, 'mfe-admin', 'dist'),
      },
    });
  });

  it('reads service URLs, WEB_ROOT, the remotes, the Stripe key and the auth rate limit', () => {
    Object.assign(process.env, {
      PORT: '9090',
      HOST: '127.0.0.1',
      BOOKING_SERVICE_URL: 'http://booking:7104',
      WEB_ROOT: '/srv/cine-web',
      CATALOG_REMOTE_URL: 'https://cdn.cine.example/catalog/remoteEntry.js',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      AUTH_RATE_LIMIT: '5',
      MAX_SEAT_STREAMS_PER_ADDRESS: '4',
      TRUST_PROXY: '10.0.0.0/8',
      CINEMA_NAME: 'Cine Lumière',
      CANCELLATION_WINDOW_MINUTES: '45',
    });
    const { options, listen } = gatewayOptionsFromEnv();
    expect(listen).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(options.services?.booking).toBe('http://booking:7104');
    expect(options.services?.catalog).toBe('http://127.0.0.1:7103');
    expect(options.web).toEqual(webRootsIn('/srv/cine-web'));
    expect(options.web).toEqual({
      shell: '/srv/cine-web/shell',
      remotes: {
        catalog: '/srv/cine-web/remotes/catalog',
        checkout: '/srv/cine-web/remotes/checkout',
        admin: '/srv/cine-web/remotes/admin',
      },
    });
    expect(options.clientConfig?.remotes?.catalog).toBe('https://cdn.cine.example/catalog/remoteEntry.js');
    expect(options.clientConfig?.remotes?.admin).toBe('/remotes/admin/remoteEntry.js');
    expect(options.clientConfig?.stripePublishableKey).toBe('pk_test_abc');
    expect(options.clientConfig?.cinema).toMatchObject({ name: 'Cine Lumière', locale: 'es-AR', currency: 'ARS' });
    // Booking's cancellation deadline, which the assistant tells buyers.
    expect(options.clientConfig?.cancellationWindowMinutes).toBe(45);
    expect(options.authRateLimit).toEqual({ max: 5, timeWindowMs: 60_000 });
    expect(options.seatStreams).toEqual({ perAddress: 4 });
    expect(options.trustProxy).toBe('10.0.0.0/8');
  });

  it('refuses a rate limit that is not a positive integer', () => {
    process.env.AUTH_RATE_LIMIT = 'lots';
    expect(() => gatewayOptionsFromEnv()).toThrow('AUTH_RATE_LIMIT must be a positive integer');
  });
});
