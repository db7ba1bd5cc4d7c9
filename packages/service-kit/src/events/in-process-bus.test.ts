import { createEvent } from './event-bus';
import { InProcessEventBus } from './in-process-bus';

describe('InProcessEventBus', () => {
  const registered = () => createEvent('user.registered', { userId: 'u1', email: 'ana@cine.local', username: 'ana' });

  it('delivers an event to every consumer subscribed to its type, and only to them', async () => {
    const bus = new InProcessEventBus();
    const welcome: string[] = [];
    const audit: string[] = [];
    const deletions: string[] = [];
    await bus.subscribe('notification.welcome', ['user.registered'], async (event) => void welcome.push(event.data.email));
    await bus.subscribe('audit', ['user.registered', 'user.deleted'], async (event) => void audit.push(event.type));
    await bus.subscribe('cleanup', ['user.deleted'], async (event) => void deletions.push(event.data.userId));
    await bus.publish(registered());
    expect(welcome).toEqual(['ana@cine.local']);
    expect(audit).toEqual(['user.registered']);
    expect(deletions).toEqual([]);
  });

  it('retries a failing handler and dead-letters it after the last attempt', async () => {
    const bus = new InProcessEventBus();
    let attempts = 0;
    await bus.subscribe('flaky', ['user.registered'], async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('temporary');
    });
    let failures = 0;
    await bus.subscribe('broken', ['user.registered'], async () => {
      failures += 1;
      throw new Error('always');
    });
    const event = registered();
    await bus.publish(event);
    expect(attempts).toBe(3);
    expect(failures).toBe(5);
    expect(bus.deadLetters).toEqual([{ consumer: 'broken', event, error: 'always' }]);
  });

  it('holds events until started, so consumers subscribing later still get them', async () => {
    const bus = new InProcessEventBus(undefined, { holdUntilStarted: true });
    const seen: string[] = [];
    const published = bus.publish(registered());
    await bus.subscribe('late', ['user.registered'], async (event) => void seen.push(event.data.userId));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    bus.start();
    await published;
    expect(seen).toEqual(['u1']);
  });

  it('stamps events with id, type, version and time', () => {
    const event = registered();
    expect(event).toMatchObject({ type: 'user.registered', version: 1, data: { userId: 'u1' } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(event.occurredAt).toString()).not.toBe('Invalid Date');
  });
});
