import { CLUB_MESSAGES, type PassPlanInput, type PassPlanView } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import { Types } from 'mongoose';
import { refuse, type Result } from '../../refusal';
import type { PlanDocument, PassStores } from './pass-model';

function planView(plan: PlanDocument): PassPlanView {
  return {
    id: plan._id.toHexString(),
    name: plan.name,
    monthlyPrice: plan.monthlyPrice,
    ticketsPerMonth: plan.ticketsPerMonth,
    formats: plan.formats,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    active: plan.active,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

const nameKeyOf = (name: string) => name.trim().toLocaleLowerCase('es');

const NOT_FOUND = () => refuse('not-found', CLUB_MESSAGES.planNotFound);

/** The demo seed's plan: what a fresh embedded installation offers, so a member can subscribe at once. */
export const SEEDED_PLAN: PassPlanInput = {
  name: 'Cine Pase',
  monthlyPrice: 1999,
  ticketsPerMonth: 4,
  formats: ['2D'],
  description: 'Cuatro entradas 2D al mes, una por día de función.',
  active: true,
};

/**
 * Issue 41: the Cine Pase plans (admin). A plan's name is unique (case aside). A plan is not changed while
 * one of its renewals is being charged: each renewal registers on its plan (`renewing`) before reading
 * its price and leaves after, and a change is written only if that list is what it was when checked.
 */
export class PassPlans {
  constructor(private readonly stores: Pick<PassStores, 'plans' | 'renewals'>) {}

  async list(all: boolean): Promise<PassPlanView[]> {
    const plans = await this.stores.plans.find(all ? {} : { active: true }).toArray();
    return plans.sort((a, b) => a.monthlyPrice - b.monthlyPrice || a.name.localeCompare(b.name)).map(planView);
  }

  /**
   * The demo seed (a fresh installation with the demo shows): the seeded plan when there is no plan yet.
   * Plans are never deleted, so an empty collection is a new installation; instances starting together
   * race on the name's unique index, and the loser finds the plan written.
   */
  async seed(now: Date): Promise<void> {
    if ((await this.stores.plans.findOne({})) !== null) return;
    await this.create(SEEDED_PLAN, now);
  }

  async byId(id: string): Promise<PlanDocument | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    return this.stores.plans.findOne({ _id: new Types.ObjectId(id) });
  }

  async create(input: PassPlanInput, now: Date): Promise<Result<PassPlanView>> {
    const plan: PlanDocument = {
      _id: new Types.ObjectId(),
      ...input,
      name: input.name.trim(),
      nameKey: nameKeyOf(input.name),
      createdAt: now,
      updatedAt: now,
      renewing: [],
    };
    try {
      await this.stores.plans.insertOne(plan);
    } catch (error) {
      if (isDuplicateKeyError(error)) return refuse('conflict', CLUB_MESSAGES.planNameTaken);
      throw error;
    }
    return planView(plan);
  }

  async update(id: string, input: PassPlanInput, now: Date): Promise<Result<PassPlanView>> {
    const plan = await this.byId(id);
    if (!plan) return NOT_FOUND();
    if (await this.renewalRunning(plan, now)) return refuse('conflict', CLUB_MESSAGES.renewalRunning);
    const changes = { ...input, name: input.name.trim(), nameKey: nameKeyOf(input.name), updatedAt: now };
    try {
      const written = await this.stores.plans.findOneAndUpdate(
        { _id: plan._id, renewing: plan.renewing },
        { $set: changes, ...(input.description === undefined ? { $unset: { description: '' } } : {}) },
        { returnDocument: 'after' },
      );
      // A renewal registered between the check and the write: it is running now.
      if (!written) return (await this.byId(id)) ? refuse('conflict', CLUB_MESSAGES.renewalRunning) : NOT_FOUND();
      return planView(written);
    } catch (error) {
      if (isDuplicateKeyError(error)) return refuse('conflict', CLUB_MESSAGES.planNameTaken);
      throw error;
    }
  }

  /** A renewal of the plan is being charged (registered, not finished, its claim not lapsed). */
  private async renewalRunning(plan: PlanDocument, now: Date): Promise<boolean> {
    for (const renewalId of plan.renewing ?? []) {
      const renewal = await this.stores.renewals.findOne({ _id: renewalId });
      if (renewal?.state === 'charging' && renewal.leaseUntil > now) return true;
    }
    return false;
  }

  /** A renewal about to charge the plan registers on it (and reads its price after). */
  async register(planId: string, renewalId: string): Promise<PlanDocument | null> {
    return this.stores.plans.findOneAndUpdate(
      { _id: new Types.ObjectId(planId) },
      { $addToSet: { renewing: renewalId } },
      { returnDocument: 'after' },
    );
  }

  async unregister(planId: string, renewalId: string): Promise<void> {
    await this.stores.plans.updateOne({ _id: new Types.ObjectId(planId) }, { $pull: { renewing: renewalId } });
  }
}
