// withDatabase: the shared rate-limit counters' test runs two gateways on one database.
module.exports = {
  ...require('../jest.preset.js').withDatabase,
  displayName: 'gateway',
  testEnvironment: 'node',
};
