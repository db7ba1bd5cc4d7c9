import { connectDatabase } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { registerBuyers } from '../bench/bench-kit';
import { expectExactLedger, freeShow, isFailure, rush } from '../testing/rush';
import { SeatMapViewer } from '../testing/seat-map-viewer';
import { api } from '../testing/gateway-api';
import { ProcessPlatform, waitFor } from './processes';

/**
 * Several replicas of each process on one broker and database (`npm run test:faults`): two gateways,
 * two booking and two sales instances, each pair behind a round-robin balancer as behind a
 * Kubernetes Service (the buyers' requests alternate between the gateways, the gateways' between the
 * booking instances). Holds, checkouts, seat maps and the sales ledger stay exact, and killing one
 * instance of each mid-rush loses nothing.
 */

jest.setTimeout(10 * 60_000);

let platform: ProcessPlatform;
let booking: Connection;
let sales: Connection;
const usedShows = new Set<string>();
const BUYERS = 48;

beforeAll(async () => {
  platform = new ProcessPlatform({ instances: { gateway: 2, booking: 2, sales: 2 } });
  await platform.start();
  booking = await connectDatabase(platform.mongoUrl, `${platform.databasePrefix}booking`);
  sales = await connectDatabase(platform.mongoUrl, `${platform.databasePrefix}sales`);
  await platform.seededShows();
});

afterAll(async () => {
  await booking?.close();
  await sales?.close();
  await platform?.close();
});

/** The last output of the instances a purchase goes through, when one failed. */
function printLogs(): void {
  for (const id of ['gateway', 'gateway-2', 'booking', 'booking-2']) console.error(`${id}:\n${platform.logOf(id).slice(-4_000)}`);
}

/** Seat maps open through both gateways (and so both booking instances) that end up showing the seats sold. */
async function expectSeatMapsShowSold(viewers: SeatMapViewer[], sold: string[]): Promise<void> {
  const expected = [...sold].sort();
  await waitFor(
    async () => viewers.every((viewer) => JSON.stringify(viewer.sold().sort()) === JSON.stringify(expected)),
    30_000,
    'every seat map to show the seats sold',
  );
}

describe('two gateways, two booking and two sales instances', () => {
  it('a rush across the replicas: no seat sold twice, every sale in the ledger once, every seat map right', async () => {
    const buyers = await registerBuyers(platform.gatewayUrl, BUYERS);
    const showId = await freeShow(platform.gatewayUrl, BUYERS, usedShows);
    const viewers = await Promise.all([1, 2, 3, 4].map((n) => SeatMapViewer.open(platform.gatewayUrl, showId, `10.250.0.${n}`)));
    try {
      const purchases = await rush(platform.gatewayUrl, showId, buyers, { concurrency: 6 });
      const failures = purchases.flatMap((purchase) => purchase.failures);
      if (failures.length > 0) printLogs();
      expect(failures).toEqual([]);
      const paid = await expectExactLedger(booking, sales, showId, 60_000);
      expect(paid.length).toBe(BUYERS);
      await expectSeatMapsShowSold(
        viewers,
        paid.flatMap((order) => order.seatLabels),
      );
    } finally {
      for (const viewer of viewers) viewer.close();
    }
  });

  it('one gateway, one booking and one sales instance killed mid-rush: nothing lost, nothing counted twice', async () => {
    const buyers = await registerBuyers(platform.gatewayUrl, BUYERS);
    const showId = await freeShow(platform.gatewayUrl, BUYERS, usedShows);
    const viewers = await Promise.all([1, 2, 3, 4].map((n) => SeatMapViewer.open(platform.gatewayUrl, showId, `10.251.0.${n}`)));
    try {
      // A buyer whose request was on a killed instance sends it again, as a browser's "Pagar" pressed twice.
      const purchases = await rush(platform.gatewayUrl, showId, buyers, {
        concurrency: 6,
        retry: true,
        onPaid: async (paid) => {
          if (paid === 12) await Promise.all([platform.kill('gateway'), platform.kill('booking'), platform.kill('sales')]);
        },
      });
      const interrupted = purchases.filter((purchase) => [...purchase.holdStatuses, ...purchase.checkoutStatuses].some(isFailure)).length;
      // Every purchase ends answered: paid, or refused (never a 5xx left unanswered).
      const unanswered = purchases.filter(
        (purchase) =>
          isFailure(purchase.holdStatuses.at(-1) ?? 0) ||
          (purchase.checkoutStatuses.length > 0 && isFailure(purchase.checkoutStatuses.at(-1) ?? 0)),
      );
      if (unanswered.length > 0) printLogs();
      expect(unanswered.map((purchase) => purchase.failures)).toEqual([]);
      // An order the killed booking left in progress is finished by the recovery sweep (within about 1.5 minutes);
      // then the buyer's checkout, sent again, answers its outcome.
      await waitFor(
        async () => (await booking.collection('orders').countDocuments({ showId, state: { $in: ['pending', 'reserved'] } })) === 0,
        150_000,
        'the orders in progress to be finished',
      );
      for (const purchase of purchases.filter(
        (candidate) => candidate.holdStatuses.at(-1) === 200 && candidate.checkoutStatuses.at(-1) !== 200,
      )) {
        const { buyer } = purchase;
        const again = await api(platform.gatewayUrl, 'POST', '/movies/checkout', {
          token: buyer.token,
          body: { idUser: buyer.id, show: showId, ticket: 1, paymentMethodId: 'pm_card_visa' },
          forwardedFor: buyer.address,
        });
        purchase.checkoutStatuses.push(again.status);
      }
      const paidBuyers = purchases.filter((purchase) => purchase.checkoutStatuses.at(-1) === 200).map((purchase) => purchase.buyer.id);
      const paid = await expectExactLedger(booking, sales, showId, 90_000);
      // Each buyer answered 200 has exactly one paid order; nobody else paid.
      expect(paid.map((order) => order.userId).sort()).toEqual([...paidBuyers].sort());
      expect(paid.length).toBeGreaterThan(BUYERS / 2);
      await expectSeatMapsShowSold(
        viewers,
        paid.flatMap((order) => order.seatLabels),
      );
      process.stdout.write(
        `replicas: gateway, booking and sales instances killed after 12 of ${BUYERS} purchases; ${interrupted} purchases were sent again, ${paid.length} paid, each in the ledger once; seat maps reopened ${viewers.reduce((sum, viewer) => sum + viewer.reopened, 0)} times\n`,
      );
    } finally {
      for (const viewer of viewers) viewer.close();
    }
  });
});
