module.exports = { ...require('../../jest.preset.js'), displayName: 'contracts', testEnvironment: 'node' };
