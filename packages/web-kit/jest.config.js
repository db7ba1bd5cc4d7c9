const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'web-kit',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
