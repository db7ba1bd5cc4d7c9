const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'web-kit',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js', '@testing-library/jest-dom'],
};
