module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'candy-service', testEnvironment: 'node' };
