// `npm test`: every package's unit and service tests, one run.
// The RabbitMQ adapter tests need a broker: `npm run test:rabbitmq` (jest.rabbitmq.config.js).
const { databaseHooks } = require('./jest.preset.js');

module.exports = {
  // One database server for the whole run; projects using `withDatabase` share it
  // (jest runs a hook file once even when several configs name it).
  ...databaseHooks,
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
