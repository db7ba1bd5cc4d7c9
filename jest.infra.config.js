// The suites that need the built platform and real infrastructure beside the embedded database,
// one project each, chosen with `--selectProjects` by the npm scripts:
// - `npm run test:faults`: faults on the multi-process platform (one process per service, RabbitMQ);
//   needs a RabbitMQ broker and rabbitmqctl.
// - `npm run test:cluster`: the multi-process platform on a real 3-node RabbitMQ cluster that the test
//   starts on loopback (ports 5681-5683); needs Debian's rabbitmq-server and root or sudo -n.
// - `npm run test:prometheus`: Debian's Prometheus scraping `npm start` (`prometheus` on PATH).
// Each needs the built services (`npm install` builds them).
// - `npm run test:stripe`: the Stripe provider's contract tests against Stripe's own API mock, stripe-mock
//   (services/booking/test/*.stripe.test.ts). Needs stripe-mock built from the Go module proxy
//   (`go install github.com/stripe/stripe-mock@v0.203.0`; .ci/run builds it): STRIPE_MOCK_BIN, else $(go env GOPATH)/bin.
const preset = require('./jest.preset.js');

const infraProject = (name) => ({
  ...preset,
  displayName: name,
  rootDir: '<rootDir>/infra',
  testEnvironment: 'node',
  testMatch: [`<rootDir>/src/**/*.${name}.test.ts`],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
});

module.exports = {
  projects: [
    ...['faults', 'cluster', 'prometheus'].map(infraProject),
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
