// Browser tests: real Chromium (Debian's /usr/bin/chromium) against `npm start`.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 60_000,
};
