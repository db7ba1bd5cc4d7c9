// `npm run test:rabbitmq`: everything that needs a real RabbitMQ (AMQP_URL): the amqplib event bus,
// booking's seat maps across two instances over the broker, the sales service fed by booking over the broker (on the embedded database, as `npm test`),
// and one purchase traced from the gateway to the sales ledger over the broker (infra/src/tracing.rabbitmq.test.ts: needs the built infra).
const preset = require('./jest.preset.js');

module.exports = {
  ...preset.databaseHooks,
  projects: [
    {
      ...preset,
      displayName: 'rabbitmq',
      rootDir: '<rootDir>/packages/service-kit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...preset,
      displayName: 'booking-rabbitmq',
      rootDir: '<rootDir>/services/booking',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...preset,
      displayName: 'tracing-rabbitmq',
      rootDir: '<rootDir>/infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...preset,
      displayName: 'sales-rabbitmq',
      rootDir: '<rootDir>/services/sales',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
