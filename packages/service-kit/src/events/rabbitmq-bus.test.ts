import { brokerNodes, queueTypeFromEnv } from './rabbitmq-bus';

describe('brokerNodes', () => {
  it("reads one URL, or a cluster's nodes separated by commas, each with its credentials and virtual host", () => {
    expect(brokerNodes('amqp://guest:guest@127.0.0.1:5672')).toEqual([
      { protocol: 'amqp', hostname: '127.0.0.1', port: 5672, username: 'guest', password: 'guest', vhost: '/' },
    ]);
    expect(brokerNodes('amqp://u%40x:p%3Ass@a:5681/cine%2Dv?heartbeat=30, amqps://u:p@b/cine')).toEqual([
      { protocol: 'amqp', hostname: 'a', port: 5681, username: 'u@x', password: 'p:ss', vhost: 'cine-v', heartbeat: 30 },
      { protocol: 'amqps', hostname: 'b', port: 5671, username: 'u', password: 'p', vhost: 'cine' },
    ]);
  });
});

describe('queueTypeFromEnv', () => {
  it('is classic when unset and quorum when asked; any other value stops the start', () => {
    expect(queueTypeFromEnv(undefined)).toBe('classic');
    expect(queueTypeFromEnv('')).toBe('classic');
    expect(queueTypeFromEnv('quorum')).toBe('quorum');
    expect(() => queueTypeFromEnv('stream')).toThrow("AMQP_QUEUE_TYPE must be 'classic' or 'quorum', not 'stream'");
  });
});
