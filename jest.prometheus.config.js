// `npm run test:prometheus`: Debian's Prometheus scraping `npm start` (infra/src/*.prometheus.test.ts).
// Needs `prometheus` on PATH (`apt-get install prometheus`) and the built platform (`npm install` builds it).
const preset = require('./jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'prometheus',
      rootDir: '<rootDir>/infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.prometheus.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
