import type { StoredOrder } from './order-model';

/** What one step did: the order as written, an answer that ends the drive early, or null when another driver moved the order first. */
export type StepOutcome<Stop, O = StoredOrder> = O | { stop: Stop } | null;

/** What `drive` steps: a ticket order, or (issue 39) a gift card's purchase order. */
interface Driven {
  _id: { toHexString(): string };
}

interface Machine<Stop, O extends Driven> {
  /** Whether the order still has a step to take. */
  underWay(order: O): boolean;
  /** One idempotent step from where the order stands, ended by one conditional write (order.ts decides it). */
  step(order: O): Promise<StepOutcome<Stop, O>>;
  /** The order as stored now (after a lost write). */
  reload(order: O): Promise<O | null>;
}

/**
 * THE loop of the checkout and of the refunds: steps the order until nothing is under way, each step on
 * the order as the previous one wrote it; a lost conditional write means another driver (the request,
 * the recovery sweep, another instance) moved it, so the loop continues from what that one wrote. Throws
 * when a step fails (a provider down): the order stays where it was for the same request again or the sweep.
 */
export async function drive<Stop, O extends Driven = StoredOrder>(
  start: O,
  machine: Machine<Stop, O>,
): Promise<{ order: O } | { stop: Stop }> {
  let order: O | null = start;
  while (order && machine.underWay(order)) {
    const next: StepOutcome<Stop, O> = await machine.step(order);
    if (next && 'stop' in next) return next;
    order = next ?? (await machine.reload(order));
  }
  if (!order) throw new Error(`order ${start._id.toHexString()} disappeared`);
  return { order };
}
