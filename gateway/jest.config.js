const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'gateway',
  testEnvironment: 'node',
  // @fastify/static depends on content-disposition, published as ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition)/)'],
};
