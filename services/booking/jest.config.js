module.exports = { ...require('../../jest.preset.js').withDatabase, displayName: 'booking-service', testEnvironment: 'node' };
