module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'sales-service', testEnvironment: 'node' };
