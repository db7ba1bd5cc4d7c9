const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'mfe-catalog',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js', '@testing-library/jest-dom'],
};
