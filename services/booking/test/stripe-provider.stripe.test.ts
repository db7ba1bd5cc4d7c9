import { findFreePort } from '@cine/embedded-mongo';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { StripePaymentProvider } from '../src/payments';

/**
 * The Stripe provider's contract with Stripe's API, checked against stripe-mock (Stripe's own mock, built
 * from the Go module proxy): it validates every request against Stripe's OpenAPI description and answers
 * its fixtures. It is stateless, so declines by card and idempotent replays stay with the stand-in
 * (checkout-payments.test.ts); here: the requests are Stripe's, the keys are sent, the answers are read.
 * A recording proxy sits between the provider and the mock to see the headers sent.
 */

/** stripe-mock's version CI builds (.ci/run). */
const STRIPE_MOCK_VERSION = 'v0.203.0';

function stripeMockBinary(): string {
  const fromEnv = process.env.STRIPE_MOCK_BIN;
  if (fromEnv) return fromEnv;
  const gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim();
  const binary = path.join(gopath, 'bin', 'stripe-mock');
  if (!existsSync(binary))
    throw new Error(`stripe-mock is not built: go install github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION} (or set STRIPE_MOCK_BIN)`);
  return binary;
}

interface Call {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
  status: number;
}

let mock: ChildProcess;
let proxy: Server;
const calls: Call[] = [];
let provider: StripePaymentProvider;

beforeAll(async () => {
  const [httpPort, httpsPort] = [await findFreePort(), await findFreePort()];
  mock = spawn(stripeMockBinary(), ['-http-addr', `127.0.0.1:${httpPort}`, '-https-addr', `127.0.0.1:${httpsPort}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Listening for HTTP at address: 127.0.0.1:${httpPort}`)) resolve();
    };
    mock.stdout?.on('data', read);
    mock.stderr?.on('data', read);
    mock.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}): ${output}`)));
  });
  await listening;

  proxy = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const upstream = forward(
        { host: '127.0.0.1', port: httpPort, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          calls.push({
            method: incoming.method ?? '',
            path: incoming.url ?? '',
            headers: incoming.headers,
            form: new URLSearchParams(body),
            status: answer.statusCode ?? 0,
          });
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.end(body);
    });
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const { port } = proxy.address() as AddressInfo;
  provider = new StripePaymentProvider({ secretKey: 'sk_test_123', host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}, 30_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  if (mock && mock.exitCode === null) {
    mock.kill('SIGTERM');
    await once(mock, 'exit');
  }
});

beforeEach(() => {
  calls.length = 0;
});

describe('StripePaymentProvider against stripe-mock (Stripe’s OpenAPI description)', () => {
  it('charges with one PaymentIntent created and confirmed, accepted by Stripe’s schema, with the order’s idempotency key', async () => {
    const outcome = await provider.charge({
      amount: 2600,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: '6b09c2768298eab506f48489',
      description: 'Cine: Matrix, 2026-03-12 18:30, sala 1, A1 A2',
    });

    const [call] = calls;
    expect(calls).toHaveLength(1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents', status: 200 });
    expect(call?.headers['idempotency-key']).toBe('6b09c2768298eab506f48489');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      amount: '2600',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
    });
    // stripe-mock answers its fixture's status (a PaymentIntent still needing a payment method): not completed, so not paid.
    expect(outcome).toEqual({
      status: 'declined',
      reason: 'Tu tarjeta requiere una autenticación que este pago no admite. Prueba con otra tarjeta.',
      code: 'requires_payment_method',
    });
  });

  it('refunds part of a PaymentIntent with the refund’s idempotency key and reads the refund’s id', async () => {
    const outcome = await provider.refund({ paymentId: 'pi_123', amount: 900, idempotencyKey: 'refund:6b09c2768298eab506f48490' });

    expect(outcome).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/refunds', status: 200 });
    expect(call?.headers['idempotency-key']).toBe('refund:6b09c2768298eab506f48490');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({ payment_intent: 'pi_123', amount: '900', reason: 'requested_by_customer' });
  });

  it('the same refund again sends the same key (Stripe answers the first refund; stripe-mock, stateless, a fixture)', async () => {
    const request = { paymentId: 'pi_123', amount: 900, idempotencyKey: 'refund:again' };
    await provider.refund(request);
    await provider.refund(request);

    expect(calls.map((call) => call.headers['idempotency-key'])).toEqual(['refund:again', 'refund:again']);
  });
});

describe('Issue 41: the saved card of a Cine Pase against stripe-mock', () => {
  it('saves a card: a Customer, then a SetupIntent confirmed with the card for off-session use, each with its key', async () => {
    const outcome = await provider.saveCard({
      customerKey: '6b09c2768298eab506f48491',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'pass-card:p1:0',
    });

    expect(calls.map((call) => [call.method, call.path, call.status])).toEqual([
      ['POST', '/v1/customers', 200],
      ['POST', '/v1/setup_intents', 200],
    ]);
    const [customer, setup] = calls;
    expect(customer?.headers['idempotency-key']).toBe('pass-card:p1:0:customer');
    expect(Object.fromEntries(customer?.form ?? [])).toMatchObject({ 'metadata[cineUserId]': '6b09c2768298eab506f48491' });
    expect(setup?.headers['idempotency-key']).toBe('pass-card:p1:0:setup');
    expect(Object.fromEntries(setup?.form ?? [])).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      payment_method: 'pm_card_visa',
      usage: 'off_session',
      confirm: 'true',
    });
    // stripe-mock answers its fixture's status: a SetupIntent not succeeded is no saved card.
    // stripe-mock answers its fixture (a SetupIntent still needing a payment method): not succeeded, so no card saved.
    expect(outcome).toEqual({
      status: 'declined',
      reason: 'Tu tarjeta requiere una autenticación que este pago no admite. Prueba con otra tarjeta.',
      code: 'requires_payment_method',
    });
  });

  it('charges a saved card off session with the customer and the period’s idempotency key', async () => {
    await provider.chargeSaved({
      customerId: 'cus_123',
      paymentMethodId: 'pm_card_visa',
      amount: 2500,
      currency: 'usd',
      idempotencyKey: 'pass:6b09c2768298eab506f48491:2026-04-11',
      description: 'Cine Pase Cinéfilo, 2026-04-11',
    });

    const [call] = calls;
    expect(calls).toHaveLength(1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents', status: 200 });
    expect(call?.headers['idempotency-key']).toBe('pass:6b09c2768298eab506f48491:2026-04-11');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      amount: '2500',
      currency: 'usd',
      customer: 'cus_123',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
    });
  });
});
