import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext } from '@cine/service-kit/testing';
import { OfflinePaymentProvider, StripePaymentProvider, type ChargeRequest } from '../src/payments';
import { testCardOutcome } from '../src/payments/offline-provider';
import { Types } from 'mongoose';

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amount: 2600,
  currency: 'usd',
  paymentMethodId: 'pm_card_visa',
  idempotencyKey: `order-${Math.random()}`,
  description: 'Cine: test',
  ...overrides,
});

describe("Stripe's test payment methods (offline provider)", () => {
  it.each(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_visa_debit', 'pm_card_ar'])('%s succeeds', (method) => {
    expect(testCardOutcome(method)).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_offline_[0-9a-f]{24}$/) });
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.', 'card_declined'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', "Your card's security code is incorrect.", 'incorrect_cvc'],
    [
      'pm_card_chargeDeclinedProcessingError',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ],
    ['pm_card_chargeDeclinedFraudulent', 'Your card was declined.', 'card_declined'],
    ['pm_nope', "No such PaymentMethod: 'pm_nope'", 'resource_missing'],
  ])('%s is declined with Stripe’s message', (method, reason, code) => {
    expect(testCardOutcome(method)).toEqual({ status: 'declined', reason, code });
  });
});

describe('OfflinePaymentProvider keeps each charge by idempotency key', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  let provider: OfflinePaymentProvider;
  const payments = () => context.db.collection('payments');

  beforeAll(async () => {
    context = await createTestContext('booking');
    provider = new OfflinePaymentProvider(context.db);
  });
  afterAll(() => context.dropDatabase());

  it('answers a repeated charge with the first outcome and records one payment', async () => {
    const request = charge();
    const first = await provider.charge(request);
    const again = await provider.charge(request);

    expect(first.status).toBe('succeeded');
    expect(again).toEqual(first);
    expect(await payments().countDocuments({ _id: request.idempotencyKey } as never)).toBe(1);
  });

  it('charges once when the same key arrives concurrently', async () => {
    const request = charge();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => provider.charge(request)));

    expect(new Set(outcomes.map((outcome) => (outcome.status === 'succeeded' ? outcome.paymentId : 'declined'))).size).toBe(1);
    expect(await payments().countDocuments({ _id: request.idempotencyKey } as never)).toBe(1);
  });

  it('keeps a decline as the answer for its key', async () => {
    const request = charge({ paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' });
    await provider.charge(request);

    expect(await provider.charge(request)).toEqual({
      status: 'declined',
      reason: 'Your card has insufficient funds.',
      code: 'card_declined',
    });
  });

  it('refuses a key reused with another amount, as Stripe does', async () => {
    const request = charge();
    await provider.charge(request);

    await expect(provider.charge({ ...request, amount: 1 })).rejects.toThrow(/other parameters/);
  });
});

describe('OfflinePaymentProvider refunds read only the payment concerned', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  /** Every filter the provider sent to `payments` and `payment_refunds`. */
  const filters: Array<{ collection: string; filter: Record<string, unknown> }> = [];
  let provider: OfflinePaymentProvider;

  beforeAll(async () => {
    context = await createTestContext('booking');
    const recording = new Proxy(context.db, {
      get(db, property) {
        if (property !== 'collection') return Reflect.get(db, property, db) as unknown;
        return (name: string) => {
          const collection = db.collection(name);
          return new Proxy(collection, {
            get(target, method) {
              const value = Reflect.get(target, method, target) as unknown;
              if (typeof value !== 'function' || !['find', 'findOne', 'updateOne', 'countDocuments'].includes(String(method)))
                return typeof value === 'function' ? value.bind(target) : value;
              return (filter: Record<string, unknown>, ...rest: unknown[]) => {
                filters.push({ collection: name, filter });
                return (value as (...args: unknown[]) => unknown).call(target, filter, ...rest);
              };
            },
          });
        };
      },
    });
    provider = new OfflinePaymentProvider(recording);
    // Other charges and refunds beside: a look-up by payment id would read them all.
    for (let i = 0; i < 5; i++) {
      const other = await provider.charge(charge());
      if (other.status === 'succeeded') await provider.refund({ paymentId: other.paymentId, amount: 100, idempotencyKey: `other-${i}` });
    }
  });
  afterAll(() => context.dropDatabase());

  it('finds the charge and its refunded amount by _id, and never refunds past the charge', async () => {
    const paid = await provider.charge(charge({ amount: 1000, idempotencyKey: new Types.ObjectId().toHexString() }));
    if (paid.status !== 'succeeded') throw new Error('charge declined');
    filters.length = 0;

    expect(await provider.refund({ paymentId: paid.paymentId, amount: 600, idempotencyKey: 'r1' })).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund({ paymentId: paid.paymentId, amount: 600, idempotencyKey: 'r1' })).toMatchObject({ status: 'succeeded' });
    expect(await provider.refund({ paymentId: paid.paymentId, amount: 500, idempotencyKey: 'r2' })).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
    expect(await provider.refund({ paymentId: paid.paymentId, amount: 400, idempotencyKey: 'r3' })).toMatchObject({ status: 'succeeded' });

    expect(filters.length).toBeGreaterThan(0);
    expect(filters.filter(({ filter }) => !('_id' in filter))).toEqual([]);
  });

  it('refunds once when the same refund arrives concurrently', async () => {
    const paid = await provider.charge(charge({ amount: 1000, idempotencyKey: 'key-with-other-characters:1' }));
    if (paid.status !== 'succeeded') throw new Error('charge declined');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => provider.refund({ paymentId: paid.paymentId, amount: 700, idempotencyKey: 'same' })),
    );

    expect(new Set(outcomes.map((outcome) => (outcome.status === 'succeeded' ? outcome.refundId : outcome.code))).size).toBe(1);
    expect(await provider.refund({ paymentId: paid.paymentId, amount: 300, idempotencyKey: 'rest' })).toMatchObject({
      status: 'succeeded',
    });
  });

  it('still refunds a charge recorded before (a random payment id, its refunds apart)', async () => {
    const payments = context.db.collection('payments');
    const paymentId = 'pi_offline_0123456789abcdef01234567';
    await payments.insertOne({
      _id: 'legacy-charge',
      amount: 900,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      description: 'Cine: test',
      outcome: { status: 'succeeded', paymentId },
      createdAt: new Date(),
    } as never);
    await context.db.collection('payment_refunds').insertOne({
      _id: 'legacy-refund',
      paymentId,
      amount: 500,
      outcome: { status: 'succeeded', refundId: 're_x' },
      createdAt: new Date(),
    } as never);

    expect(await provider.refund({ paymentId, amount: 500, idempotencyKey: 'legacy-2' })).toMatchObject({ code: 'amount_too_large' });
    expect(await provider.refund({ paymentId, amount: 400, idempotencyKey: 'legacy-3' })).toMatchObject({ status: 'succeeded' });
  });
});

interface StripeCall {
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A stand-in for api.stripe.com answering each call with the next queued response. */
async function stripeStandIn(responses: Array<{ status: number; body: unknown }>) {
  const calls: StripeCall[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, form: new URLSearchParams(body) });
      const next = responses.shift() ?? { status: 500, body: { error: { type: 'api_error', message: 'no response queued' } } };
      response.writeHead(next.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(next.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const provider = new StripePaymentProvider({
    secretKey: 'sk_test_standin',
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { calls, provider, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('StripePaymentProvider (against a stand-in of the Stripe API)', () => {
  it("refunds through Stripe's refunds API with the refund's idempotency key; a refusal is an answer, an outage is thrown", async () => {
    const stripe = await stripeStandIn([
      { status: 200, body: { id: 're_1', object: 'refund', status: 'succeeded' } },
      {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' },
        },
      },
      { status: 500, body: { error: { type: 'api_error', message: 'down' } } },
    ]);
    try {
      const request = { paymentId: 'pi_123', amount: 900, idempotencyKey: 'refund:abc' };
      expect(await stripe.provider.refund(request)).toEqual({ status: 'succeeded', refundId: 're_1' });
      const [call] = stripe.calls;
      expect(call?.path).toBe('/v1/refunds');
      expect(call?.headers['idempotency-key']).toBe('refund:abc');
      expect(Object.fromEntries(call?.form ?? [])).toMatchObject({ payment_intent: 'pi_123', amount: '900' });
      expect(await stripe.provider.refund(request)).toEqual({
        status: 'failed',
        reason: 'Charge ch_1 has already been refunded.',
        code: 'charge_already_refunded',
      });
      await expect(stripe.provider.refund(request)).rejects.toThrow();
    } finally {
      await stripe.close();
    }
  });

  it('creates and confirms one PaymentIntent with the idempotency key, card only, no redirects', async () => {
    const stripe = await stripeStandIn([{ status: 200, body: { id: 'pi_123', object: 'payment_intent', status: 'succeeded' } }]);
    try {
      const outcome = await stripe.provider.charge(charge({ idempotencyKey: 'order-abc', amount: 3150, paymentMethodId: 'pm_card_visa' }));

      expect(outcome).toEqual({ status: 'succeeded', paymentId: 'pi_123' });
      const [call] = stripe.calls;
      expect(call?.path).toBe('/v1/payment_intents');
      expect(call?.headers['idempotency-key']).toBe('order-abc');
      expect(call?.headers.authorization).toBe('Bearer sk_test_standin');
      expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
        amount: '3150',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
      });
    } finally {
      await stripe.close();
    }
  });

  it('answers a card error as a decline with its message and code', async () => {
    const stripe = await stripeStandIn([
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        },
      },
    ]);
    try {
      expect(await stripe.provider.charge(charge())).toEqual({
        status: 'declined',
        reason: 'Your card has insufficient funds.',
        code: 'card_declined',
      });
    } finally {
      await stripe.close();
    }
  });

  it('answers an unknown payment method as a decline, like the offline provider', async () => {
    const stripe = await stripeStandIn([
      {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: "No such PaymentMethod: 'pm_x'",
          },
        },
      },
    ]);
    try {
      expect(await stripe.provider.charge(charge())).toEqual({
        status: 'declined',
        reason: "No such PaymentMethod: 'pm_x'",
        code: 'resource_missing',
      });
    } finally {
      await stripe.close();
    }
  });

  it('answers a PaymentIntent left needing authentication as a decline', async () => {
    const stripe = await stripeStandIn([{ status: 200, body: { id: 'pi_3ds', object: 'payment_intent', status: 'requires_action' } }]);
    try {
      expect(await stripe.provider.charge(charge())).toMatchObject({ status: 'declined', code: 'requires_action' });
    } finally {
      await stripe.close();
    }
  });

  it('throws on a provider failure (the order waits for the recovery sweep)', async () => {
    const stripe = await stripeStandIn([{ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } }]);
    try {
      await expect(stripe.provider.charge(charge())).rejects.toThrow('Something went wrong');
    } finally {
      await stripe.close();
    }
  });
});
