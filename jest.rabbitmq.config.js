// `npm run test:rabbitmq`: the amqplib event bus against a real RabbitMQ (AMQP_URL).
const preset = require('./jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'rabbitmq',
      rootDir: '<rootDir>/packages/service-kit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.rabbitmq.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
