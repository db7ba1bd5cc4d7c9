const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js', '@testing-library/jest-dom'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.svg$': '<rootDir>/src/test/fileStub.ts',
  },
};
