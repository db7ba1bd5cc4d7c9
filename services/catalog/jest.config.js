module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'catalog-service', testEnvironment: 'node' };
