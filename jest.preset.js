// Shared jest settings: every package's jest.config.js spreads this preset.
// Workspace libraries resolve to their TypeScript sources, so tests need no build.
const path = require('node:path');

const root = __dirname;

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@cine/(contracts|service-kit|embedded-mongo)(/.*)?$': path.join(root, 'packages/$1/src$2'),
    '^@cine/web-kit$': path.join(root, 'packages/web-kit/src'),
    '^@cine/web-kit/ui$': path.join(root, 'packages/web-kit/src/ui'),
    '^@cine/web-kit/testing$': path.join(root, 'packages/web-kit/src/testing/fake-api.ts'),
    '^@cine/(\\w+)-service$': path.join(root, 'services/$1/src'),
    '^@cine/gateway$': path.join(root, 'gateway/src'),
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
  // ESM-only dependencies are compiled to CommonJS like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition|jose|agenda|@agendajs)/)'],
  // Tests that need a RabbitMQ broker, Prometheus or stripe-mock run apart: `npm run test:rabbitmq`, `npm run test:faults`,
  // `npm run test:cluster`, `npm run test:prometheus`, `npm run test:stripe`.
  testPathIgnorePatterns: [
    '/node_modules/',
    '/dist/',
    '\\.rabbitmq\\.test\\.ts$',
    '\\.faults\\.test\\.ts$',
    '\\.cluster\\.test\\.ts$',
    '\\.prometheus\\.test\\.ts$',
    '\\.stripe\\.test\\.ts$',
  ],
};

// Gives the run a MongoDB-wire server in MONGO_URL (embedded FerretDB on a free port,
// mongo:7 through testcontainers when TEST_MONGO=container, or the MONGO_URL already set).
const databaseHooks = {
  globalSetup: path.join(root, 'packages/embedded-mongo/src/jest/global-setup.ts'),
  globalTeardown: path.join(root, 'packages/embedded-mongo/src/jest/global-teardown.ts'),
};

// Packages whose tests need MongoDB spread `withDatabase` instead of the preset itself,
// so `npm test -w <package>` starts the server too. Non-enumerable: spreading the preset
// does not copy it into a jest config.
// Their hooks start a service on a real database server: 15 s, not jest's 5, for a shared 2-core CI machine.
Object.defineProperty(module.exports, 'withDatabase', {
  value: { ...module.exports, ...databaseHooks, testTimeout: 15_000 },
  enumerable: false,
});
Object.defineProperty(module.exports, 'databaseHooks', { value: databaseHooks, enumerable: false });
