// `npm test`: every package's unit and service tests, one run.
// The RabbitMQ adapter tests need a broker: `npm run test:rabbitmq` (jest.rabbitmq.config.js).
const { databaseHooks } = require('./jest.preset.js');

module.exports = {
  // One database server for the whole run; projects using `withDatabase` share it
  // (jest runs a hook file once even when several configs name it).
  ...databaseHooks,
  // A project's own testTimeout is ignored in a multi-project run: 15 s for all, for hooks that start a
  // service on a real database server and UI tests on a shared 2-core CI machine.
  testTimeout: 15_000,
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/packages/service-kit',
    '<rootDir>/packages/embedded-mongo',
    '<rootDir>/packages/web-kit',
    '<rootDir>/services/*',
    '<rootDir>/gateway',
    '<rootDir>/infra',
    '<rootDir>/shell',
    '<rootDir>/mfe-catalog',
    '<rootDir>/mfe-checkout',
    '<rootDir>/mfe-admin',
  ],
};
