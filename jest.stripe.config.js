// `npm run test:stripe`: the Stripe provider's contract tests against Stripe's own API mock, stripe-mock
// (services/booking/test/*.stripe.test.ts). Needs stripe-mock built from the Go module proxy
// (`go install github.com/stripe/stripe-mock@v0.203.0`; .ci/run builds it): STRIPE_MOCK_BIN, else $(go env GOPATH)/bin.
const preset = require('./jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'stripe',
      rootDir: '<rootDir>/services/booking',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.stripe.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
