// `npm run test:cluster`: the multi-process platform on a real 3-node RabbitMQ cluster that the test
// starts on loopback (ports 5681-5683). Needs Debian's rabbitmq-server, root or sudo -n, and the built services.
const preset = require('./jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'cluster',
      rootDir: '<rootDir>/infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.cluster.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
