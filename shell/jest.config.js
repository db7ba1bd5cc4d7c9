const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.svg$': '<rootDir>/src/test/fileStub.ts',
  },
};
