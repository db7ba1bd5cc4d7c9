import { createEvent, type EventBus } from '@cine/service-kit';
import type { UsersRepository } from './users-repository';

/** user.updated events published at once during a replay. */
const IN_FLIGHT = 100;

/**
 * The users' projections' backfill: publishes user.updated (the user's current e-mail and name,
 * under a new event id) for every user, so a service that began keeping users after they
 * registered (booking's buyers for the order search) learns them. Every projection applies
 * the newest event per user, so a replay changes nothing where a user is known already, and an
 * interrupted one is simply run again. No mail follows user.updated.
 */
export class UsersReplay {
  constructor(
    private readonly users: UsersRepository,
    private readonly bus: EventBus,
  ) {}

  /** The number of users published again. Throws when the bus refuses an event. */
  async replay(): Promise<number> {
    const users = await this.users.all();
    for (let start = 0; start < users.length; start += IN_FLIGHT) {
      await Promise.all(
        users
          .slice(start, start + IN_FLIGHT)
          .map((user) => this.bus.publish(createEvent('user.updated', { userId: user.id, email: user.email, username: user.username }))),
      );
    }
    return users.length;
  }
}
