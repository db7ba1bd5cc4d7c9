// `npm run test:rabbitmq`: everything that needs a real RabbitMQ (AMQP_URL): the amqplib event bus,
// booking's seat maps across two instances over the broker, and the sales service fed by booking over the broker (on the embedded database, as `npm test`).
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
      displayName: 'sales-rabbitmq',
      rootDir: '<rootDir>/services/sales',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
