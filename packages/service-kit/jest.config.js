module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'service-kit', testEnvironment: 'node' };
