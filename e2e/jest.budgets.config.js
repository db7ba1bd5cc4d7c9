// `npm run check:budgets`: the byte budgets of the web apps, measured in Debian's Chromium against
// `npm start` (the same global setup as the browser tests).
module.exports = {
  ...require('./jest.config.js'),
  displayName: 'budgets',
  testMatch: ['<rootDir>/tests/**/*.budget.test.ts'],
};
