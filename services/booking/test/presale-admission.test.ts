import { admissionProblem, AdmissionSigner, type AdmissionClaims } from '../src/presales/admission';
import { ticketsAfter, ticketsTakenBy } from '../src/presales/gate-rules';
import type { Seat } from '../src/shows/show-model';

const SECRET = 'a-test-secret-of-the-presale-admissions';
const now = new Date('2026-03-11T15:00:00.000Z');
const claims: AdmissionClaims = {
  presaleId: '65f000000000000000000001',
  userId: '65f0000000000000000000aa',
  placeId: '65f0000000000000000000bb',
  nonce: 'n0nce',
  expiresAt: new Date(now.getTime() + 10 * 60_000),
};

/** The token's two parts, decoded payload first. */
function partsOf(token: string): { payload: Record<string, unknown>; signature: string } {
  const [body, signature] = token.split('.') as [string, string];
  return { payload: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>, signature };
}

const withPayload = (token: string, change: Record<string, unknown>): string => {
  const { payload, signature } = partsOf(token);
  return `${Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url')}.${signature}`;
};

describe('an admission (admission.ts)', () => {
  const signer = new AdmissionSigner(SECRET);

  it('carries the presale, user, place, nonce and end, and verifies back to them', () => {
    const token = signer.sign(claims);
    expect(partsOf(token).payload).toEqual({
      p: claims.presaleId,
      u: claims.userId,
      l: claims.placeId,
      n: 'n0nce',
      e: claims.expiresAt.getTime(),
    });
    expect(signer.verify(token)).toEqual(claims);
    expect(
      admissionProblem(signer.verify(token) as AdmissionClaims, { presaleId: claims.presaleId, userId: claims.userId, now }),
    ).toBeNull();
  });

  it('is refused when any byte of its signature or payload changed, or another secret signed it', () => {
    const token = signer.sign(claims);
    const { signature } = partsOf(token);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(signer.verify(`${token.split('.')[0]}.${flipped}`)).toBeUndefined();
    expect(signer.verify(`${token.split('.')[0]}.`)).toBeUndefined();
    // The same signature bytes spelt otherwise (a character base64url decoding would skip) are not the token.
    expect(signer.verify(`${token}!`)).toBeUndefined();
    expect(signer.verify(`${token.slice(0, -1)}*${token.slice(-1)}`)).toBeUndefined();
    expect(signer.verify(withPayload(token, { u: '65f0000000000000000000cc' }))).toBeUndefined();
    expect(signer.verify(withPayload(token, { e: claims.expiresAt.getTime() + 3_600_000 }))).toBeUndefined();
    expect(signer.verify(new AdmissionSigner(`${SECRET}-other`).sign(claims))).toBeUndefined();
  });

  it('refuses what is not a token', () => {
    for (const text of ['', 'abc', 'a.b.c', '.x', 'x'.repeat(600), `${Buffer.from('"text"').toString('base64url')}.x`]) {
      expect(signer.verify(text)).toBeUndefined();
    }
    // Signed, but not an admission's payload.
    const body = Buffer.from(JSON.stringify({ p: 1 })).toString('base64url');
    const forged = signer.sign(claims).replace(/^[^.]+/, body);
    expect(signer.verify(forged)).toBeUndefined();
  });

  it('binds the presale and the user, and ends with the session', () => {
    const expected = { presaleId: claims.presaleId, userId: claims.userId, now };
    expect(admissionProblem(claims, { ...expected, presaleId: '65f000000000000000000002' })).toBe('another-presale');
    expect(admissionProblem(claims, { ...expected, userId: '65f0000000000000000000cc' })).toBe('another-user');
    expect(admissionProblem(claims, { ...expected, now: claims.expiresAt })).toBe('expired');
    expect(admissionProblem(claims, { ...expected, now: new Date(claims.expiresAt.getTime() - 1) })).toBeNull();
  });

  it('wants a secret of some length', () => {
    expect(() => new AdmissionSigner('short')).toThrow('PRESALE_ADMISSION_SECRET must be at least 16 characters long');
  });
});

describe("a buyer's tickets of a presale (gate-rules.ts)", () => {
  const later = new Date(now.getTime() + 60_000);
  const seat = (fields: Partial<Seat>): Seat => ({ label: 'A1', row: 'A', number: 1, state: 'held', ...fields });

  it('counts the seats bought and those being paid, not the plain holds a new hold replaces, nor lapsed ones or others’', () => {
    const shows = [
      {
        seats: [
          seat({ state: 'sold', userId: 'u', orderId: 'o1' }),
          seat({ state: 'sold', userId: 'u', orderId: 'o1' }),
          seat({ userId: 'u', heldUntil: later }),
        ],
      },
      {
        seats: [
          seat({ userId: 'u', heldUntil: later, orderId: 'o2' }),
          seat({ userId: 'u', heldUntil: now, orderId: 'o3' }),
          seat({ state: 'sold', userId: 'v', orderId: 'o4' }),
        ],
      },
    ];
    expect(ticketsTakenBy(shows, 'u', now)).toBe(3);
    expect(ticketsTakenBy(shows, 'v', now)).toBe(1);
    expect(ticketsTakenBy([], 'u', now)).toBe(0);
  });

  it('adds a hold’s seats, or a checkout’s held seats of its show, to those taken', () => {
    const id = (hex: string) => ({ toHexString: () => hex });
    const shows = [
      { _id: id('a'.repeat(24)), seats: [seat({ state: 'sold', userId: 'u', orderId: 'o1' }), seat({ userId: 'u', heldUntil: later })] },
      {
        _id: id('b'.repeat(24)),
        seats: [seat({ userId: 'u', heldUntil: later }), seat({ userId: 'u', heldUntil: later }), seat({ userId: 'u', heldUntil: now })],
      },
    ];
    expect(ticketsAfter(shows, 'u', now, 'a'.repeat(24), 3)).toBe(4);
    // A checkout pays its show's plain holds (not lapsed), whatever the case of the id it names.
    expect(ticketsAfter(shows, 'u', now, 'B'.repeat(24), 'held')).toBe(3);
    expect(ticketsAfter(shows, 'u', now, 'a'.repeat(24), 'held')).toBe(2);
    // Nothing held to pay (the same checkout again after it paid): nothing to add.
    expect(ticketsAfter(shows, 'v', now, 'a'.repeat(24), 'held')).toBeNull();
    expect(ticketsAfter(shows, 'u', now, 'c'.repeat(24), 'held')).toBeNull();
  });
});
