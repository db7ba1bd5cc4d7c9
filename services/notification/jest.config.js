// Service tests need MongoDB: `withDatabase` starts embedded FerretDB unless MONGO_URL is set.
module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'notification', testEnvironment: 'node' };
