// `npm run test:faults`: faults on the multi-process platform (one process per service, RabbitMQ).
// Needs a RabbitMQ broker and rabbitmqctl, and the built services (`npm install` builds them).
const preset = require('./jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'faults',
      rootDir: '<rootDir>/infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.faults.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
