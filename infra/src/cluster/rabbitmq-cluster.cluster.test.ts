import { connectDatabase } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { ProcessPlatform, waitFor } from '../faults/processes';
import { LocalRabbitCluster, type ClusterNode } from './rabbitmq-cluster';
import { registerBuyers } from '../bench/bench-kit';
import { expectExactLedger, freeShow, rush, type RushPurchase } from '../testing/rush';

/**
 * `npm run test:cluster`: the platform (one process per service) on a real 3-node RabbitMQ cluster
 * with quorum queues (AMQP_QUEUE_TYPE=quorum), each process given every node (AMQP_URL lists them)
 * and first sent to one of the test's choosing: booking to node 3, sales to node 2, the rest to
 * node 1. During a stream of purchases a node stops; nothing is lost, counted twice or answered 5xx.
 */

jest.setTimeout(10 * 60_000);

const cluster = new LocalRabbitCluster();
let platform: ProcessPlatform;
let booking: Connection;
let sales: Connection;
const usedShows = new Set<string>();
const BUYERS = 40;

beforeAll(async () => {
  await cluster.start();
  const [first, second, third] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
  // Booking starts on node 3, sales on node 2, the rest on node 1: the stops below hit connections and leaders alike.
  platform = new ProcessPlatform({
    broker: {
      rabbitmqctl: (...args) => cluster.anyCtl(...args),
      amqpUrl: (vhost, member) => cluster.amqpUrl(vhost, member === 'booking' ? third : member === 'sales' ? second : first),
      env: { AMQP_QUEUE_TYPE: 'quorum' },
    },
  });
  await platform.start();
  booking = await connectDatabase(platform.mongoUrl, `${platform.databasePrefix}booking`);
  sales = await connectDatabase(platform.mongoUrl, `${platform.databasePrefix}sales`);
  await platform.seededShows();
});

afterAll(async () => {
  await booking?.close();
  await sales?.close();
  await platform?.close();
  cluster.close();
});

/** Stops `node` once `stopAt` purchases are paid; answers the purchases, the ledger checked exact. */
async function purchasesWhileStopping(
  pickNode: () => ClusterNode,
  stopAt: number,
): Promise<{ purchases: RushPurchase[]; stopped: ClusterNode }> {
  const buyers = await registerBuyers(platform.gatewayUrl, BUYERS);
  const showId = await freeShow(platform.gatewayUrl, BUYERS, usedShows);
  let stopped: ClusterNode | undefined;
  const purchases = await rush(platform.gatewayUrl, showId, buyers, {
    concurrency: 4,
    onPaid: (paid) => {
      if (paid !== stopAt) return;
      stopped = pickNode();
      cluster.stopNode(stopped);
    },
  });
  if (!stopped) throw new Error('the node was never stopped');
  expect(purchases.flatMap((purchase) => purchase.failures)).toEqual([]);
  const paid = await expectExactLedger(booking, sales, showId, 90_000);
  expect(paid.length).toBe(BUYERS);
  process.stdout.write(
    `${stopped.name} stopped after ${stopAt} of ${BUYERS} purchases; ${paid.length} paid, each in the sales ledger once\n`,
  );
  return { purchases, stopped };
}

/** Every work queue has a consumer again, led by a node that runs. */
async function expectConsumersBack(stopped: ClusterNode): Promise<void> {
  await waitFor(
    async () =>
      cluster
        .queues(platform.virtualHost)
        .filter((queue) => queue.type === 'quorum' && !queue.name.endsWith('.dead'))
        .every((queue) => queue.consumers > 0 && queue.leader !== stopped.name),
    60_000,
    'every consumer back on the surviving nodes',
  );
  await platform.waitHealthy(60_000);
}

describe('the platform on a 3-node RabbitMQ cluster with quorum queues', () => {
  it('declares quorum work and dead-letter queues; the per-instance fan-out stays an exclusive classic queue', () => {
    const queues = cluster.queues(platform.virtualHost);
    const fanOut = queues.filter((queue) => queue.name.startsWith('amq.gen-'));
    expect(fanOut.length).toBeGreaterThan(0);
    for (const queue of fanOut) expect(queue.type).toBe('classic');
    const durable = queues.filter((queue) => !queue.name.startsWith('amq.gen-'));
    expect(durable.map((queue) => queue.name)).toEqual(expect.arrayContaining(['sales.orders', 'sales.orders.dead']));
    expect(durable.filter((queue) => queue.type !== 'quorum')).toEqual([]);
  });

  it('the node leading the sales queue stops mid-presale: every order.paid reaches the ledger once, no 5xx, consumers move', async () => {
    const { stopped } = await purchasesWhileStopping(() => cluster.leaderOf(platform.virtualHost, 'sales.orders'), 8);
    await expectConsumersBack(stopped);
    await cluster.restartNode(stopped);
    await waitFor(async () => cluster.runningNodes().length === 3, 60_000, 'the node to rejoin');
  });

  it('the node booking is connected to stops mid-presale: booking reconnects to another, nothing lost or doubled, no 5xx', async () => {
    const bookingNodes = () => cluster.nodesOfProcess(platform.pidOf('booking'));
    const [bookingNode] = bookingNodes();
    if (!bookingNode) throw new Error('booking holds no connection to the cluster');
    const { stopped } = await purchasesWhileStopping(() => bookingNode, 8);
    await expectConsumersBack(stopped);
    await waitFor(async () => bookingNodes().length > 0, 30_000, 'booking to reconnect');
    expect(bookingNodes().map((node) => node.name)).not.toContain(stopped.name);
    await cluster.restartNode(stopped);
  });
});
