import { PROMO_MESSAGES, type CheckoutResponse, type PromotionInput, type PromotionView } from '@cine/contracts';
import { Types } from 'mongoose';
import { applyCode as applyCodeOf, createdPromotion, promotionInput } from './promotion-helpers';
import { adminHeaders, checkout, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

/*
 * Issue 39: an admin who lowers a code's `limits.perUser` lowers it for the uses the buyer took already. The
 * buyer's slots (`code:userId:n`, n < perUser) cannot tell by themselves: after 3 → 2 with the buyer's uses in
 * slots 1 and 2, slot 0 is free. The cart's check sees it when nothing races; the claim itself must too.
 */

type User = ReturnType<typeof newUser>;

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

/** The codes of these tests take $ 1,00 off. */
const fieldsOf = (fields: Partial<PromotionInput> = {}) => promotionInput({ kind: 'amount', value: 100, ...fields });
const created = (fields: Partial<PromotionInput> = {}) => createdPromotion(booking, { kind: 'amount', value: 100, ...fields });

/** The admin's PUT of the code with another per-person limit. */
async function setPerUser(code: string, perUser: number) {
  const { code: _code, ...fields } = fieldsOf({ limits: { perUser } });
  const response = await booking.app.inject({
    method: 'PUT',
    url: `/promotions/${code}`,
    headers: adminHeaders(booking.app),
    payload: fields,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json<PromotionView>().limits).toEqual({ perUser });
}

const applyCode = (user: User, code: string) => applyCodeOf(booking, user, code);

/** The buyer holds a seat of a new show and puts the code in the cart. */
async function holdWithCode(user: User, code: string) {
  const show = await createShow(booking);
  expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);
  expect((await applyCode(user, code)).statusCode).toBe(200);
  return show;
}

async function buys(user: User, code: string) {
  const show = await holdWithCode(user, code);
  const paid = await checkout(booking, user, { show: show.id, ticket: 1 });
  expect(paid.statusCode).toBe(200);
}

const promotions = () => booking.app.promotions;
const claimOf = (code: string, userId: string) => (orderId: string) => promotions().claim({ orderId, code, userId });
const messageOf = (claim: Awaited<ReturnType<ReturnType<typeof claimOf>>>) => ('message' in claim ? claim.message : claim.outcome);

describe('a lowered limits.perUser', () => {
  it('refuses a buyer who used the code twice under 3 and now 1 is allowed, at the cart and at the checkout; raising it allows again', async () => {
    const { code } = await created({ limits: { perUser: 3 } });
    const user = newUser(booking.app);
    await buys(user, code);
    await buys(user, code);
    // The third use is in the cart before the admin lowers the limit.
    const third = await holdWithCode(user, code);

    await setPerUser(code, 1);

    const reapplied = await applyCode(user, code);
    expect(reapplied.statusCode).toBe(409);
    expect(reapplied.json().error).toBe(PROMO_MESSAGES.perUser);
    const refused = await checkout(booking, user, { show: third.id, ticket: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PROMO_MESSAGES.perUser);
    expect(await promotions().usedBy(code, user.id)).toBe(2);

    await setPerUser(code, 3);
    const allowed = await checkout(booking, user, { show: third.id, ticket: 1 });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<CheckoutResponse>().order.discount).toBe(100);
    expect(await promotions().usedBy(code, user.id)).toBe(3);
    const fourth = await createShow(booking);
    expect((await hold(booking, user, fourth.id, 1)).statusCode).toBe(200);
    expect((await applyCode(user, code)).json().error).toBe(PROMO_MESSAGES.perUser);
  });

  it('the claim itself refuses a use in a slot left free below the uses taken under the higher limit; raised again, it holds', async () => {
    const { code } = await created({ limits: { perUser: 3 } });
    const userId = new Types.ObjectId().toHexString();
    const claim = claimOf(code, userId);
    const [first, second, third, fourth] = Array.from({ length: 4 }, () => new Types.ObjectId().toHexString()) as [
      string,
      string,
      string,
      string,
    ];
    for (const orderId of [first, second, third]) expect(await claim(orderId)).toEqual({ outcome: 'held' });
    await promotions().count({ orderId: second, code, userId });
    // The first order ended unpaid: slot 0 is free, the buyer's uses sit in slots 1 and 2.
    await promotions().releaseHeld({ orderId: first, code, userId });

    await setPerUser(code, 2);
    expect(messageOf(await claim(fourth))).toBe(PROMO_MESSAGES.perUser);
    expect(await promotions().usedBy(code, userId)).toBe(2);
    // The refused use took slot 0 and gave it back; the use from slot 2 moved into it: the lowered limit's slots are full.
    expect(await booking.context.db.collection('promotion_uses').findOne({ _id: fourth } as never)).toMatchObject({
      state: 'released',
      slot: `order:${fourth}`,
    });
    expect(await booking.context.db.collection('promotion_uses').findOne({ _id: third } as never)).toMatchObject({
      state: 'held',
      slot: `${code}:${userId}:0`,
    });

    await setPerUser(code, 3);
    expect(await claim(fourth)).toEqual({ outcome: 'held' });
    expect(await promotions().usedBy(code, userId)).toBe(3);
    expect(messageOf(await claim(new Types.ObjectId().toHexString()))).toBe(PROMO_MESSAGES.perUser);
  });

  it("one buyer's racing claims under a lowered limit: exactly the uses it still allows are held, never none", async () => {
    const { code } = await created({ limits: { perUser: 3, total: 20 } });
    const userId = new Types.ObjectId().toHexString();
    const claim = claimOf(code, userId);
    const earlier = Array.from({ length: 3 }, () => new Types.ObjectId().toHexString());
    for (const orderId of earlier) expect(await claim(orderId)).toEqual({ outcome: 'held' });
    // Slots 0 and 1 given back: the buyer keeps one use, in slot 2.
    for (const orderId of earlier.slice(0, 2)) await promotions().releaseHeld({ orderId, code, userId });
    await setPerUser(code, 2);

    const racing = Array.from({ length: 6 }, () => new Types.ObjectId().toHexString());
    const claims = await Promise.all(racing.map(claim));
    expect(claims.filter((one) => one.outcome === 'held')).toHaveLength(1);
    expect(claims.filter((one) => one.outcome === 'refused').map(messageOf)).toEqual(Array(5).fill(PROMO_MESSAGES.perUser));
    expect(await promotions().usedBy(code, userId)).toBe(2);
    const slots = await booking.context.db
      .collection('promotion_uses')
      .find({ code, userId, state: 'held' } as never)
      .toArray();
    // Two uses held: the earlier one (in slot 2, or moved into a current slot, as the race went) and the winner's,
    // in one of the two current slots.
    expect(slots).toHaveLength(2);
    const winner = racing[claims.findIndex((one) => one.outcome === 'held')];
    expect([`${code}:${userId}:0`, `${code}:${userId}:1`]).toContain(slots.find((use) => use._id === winner)?.slot);
  });
});
