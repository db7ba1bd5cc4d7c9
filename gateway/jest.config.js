const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'gateway',
  testEnvironment: 'node',
};
