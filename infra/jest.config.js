// The launcher's tests start the whole platform on its own embedded FerretDB.
module.exports = { ...require('../jest.preset.js'), displayName: 'infra', testEnvironment: 'node' };
