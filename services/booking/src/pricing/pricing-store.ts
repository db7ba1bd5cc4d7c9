import type { PriceCard, PriceCardInput, Surcharges, TicketType, TicketTypeFields } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Collection, type Connection } from 'mongoose';
import { KeyedLock } from '../keyed-lock';
import { refuse, type Result } from '../refusal';
import {
  cardInUse,
  cardRefusal,
  duplicateTicketType,
  PRICE_CARD_NOT_FOUND,
  TICKET_TYPE_NOT_FOUND,
  typeDeletionRefusal,
  type PricingCatalogue,
  type TicketTypeUse,
} from './pricing-rules';
import { SEEDED_PRICE_CARDS, SEEDED_SURCHARGES, SEEDED_TICKET_TYPES } from './pricing-seed';

interface TicketTypeDocument extends TicketTypeFields {
  _id: string;
  /** Listing order: the seeded ones first, then by creation. */
  position: number;
}

interface PriceCardDocument extends PriceCardInput {
  _id: string;
}

type SettingsDocument = ({ _id: 'surcharges' } & Surcharges) | { _id: 'seeded'; at: Date };

const typeOf = ({ _id, name, description, requiresId, active }: TicketTypeDocument): TicketType => ({
  code: _id,
  name,
  description,
  requiresId,
  active,
});
const cardOf = ({ _id, name, prices, rules, priority }: PriceCardDocument): PriceCard => ({ id: _id, name, prices, rules, priority });

/**
 * Ticket types, price cards and surcharges in booking's database (`ticket_types`, `price_cards`,
 * `pricing_settings`). Every change is refused with a Result by the rules of pricing-rules.ts; the
 * changes of one process are serialized (the overlap check reads the other cards first).
 */
export class PricingStore {
  private readonly types: Collection<TicketTypeDocument>;
  private readonly cards: Collection<PriceCardDocument>;
  private readonly settings: Collection<SettingsDocument>;
  private readonly lock = new KeyedLock();

  constructor(private readonly db: Connection) {
    this.types = db.collection<TicketTypeDocument>('ticket_types');
    this.cards = db.collection<PriceCardDocument>('price_cards');
    this.settings = db.collection<SettingsDocument>('pricing_settings');
  }

  /**
   * Stores the seeded types, cards and surcharges once (a new installation, or one from before price
   * cards): after the mark is written, what the admin deletes stays deleted. Repeating it, or two
   * instances at once, stores nothing twice.
   */
  async seed(): Promise<void> {
    if (await this.settings.findOne({ _id: 'seeded' })) return;
    const ignoreDuplicate = async (insert: () => Promise<unknown>) => {
      try {
        await insert();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    };
    for (const [position, { code, ...fields }] of SEEDED_TICKET_TYPES.entries())
      await ignoreDuplicate(() => this.types.insertOne({ _id: code, ...fields, position }));
    for (const { id, ...card } of SEEDED_PRICE_CARDS) await ignoreDuplicate(() => this.cards.insertOne({ _id: id, ...card }));
    await ignoreDuplicate(() => this.settings.insertOne({ _id: 'surcharges', ...SEEDED_SURCHARGES }));
    await ignoreDuplicate(() => this.settings.insertOne({ _id: 'seeded', at: new Date() }));
  }

  /** Every type, card and the surcharges: what a show's pricing is made of. */
  async catalogue(): Promise<PricingCatalogue> {
    const [types, cards, surcharges] = await Promise.all([this.ticketTypes(true), this.priceCards(), this.surcharges()]);
    return { types, cards, surcharges };
  }

  /** The types in their listing order; the inactive ones too when `all`. */
  async ticketTypes(all: boolean): Promise<TicketType[]> {
    const stored = await this.types.find(all ? {} : { active: true }).toArray();
    return stored.sort((a, b) => a.position - b.position || a._id.localeCompare(b._id)).map(typeOf);
  }

  createType(type: TicketType): Promise<Result<TicketType>> {
    return this.lock.run('pricing', async () => {
      const { code, name, description, requiresId, active } = type;
      const last = await this.types.find({}, { projection: { position: 1 } }).toArray();
      const position = Math.max(SEEDED_TICKET_TYPES.length, ...last.map((one) => one.position + 1));
      try {
        await this.types.insertOne({ _id: code, name, description, requiresId, active, position });
      } catch (error) {
        if (isDuplicateKeyError(error)) return refuse('conflict', duplicateTicketType(code));
        throw error;
      }
      return { code, name, description, requiresId, active };
    });
  }

  async updateType(code: string, fields: TicketTypeFields): Promise<Result<TicketType>> {
    const { name, description, requiresId, active } = fields;
    const updated = await this.types.findOneAndUpdate(
      { _id: code },
      { $set: { name, description, requiresId, active } },
      { returnDocument: 'after' },
    );
    return updated ? typeOf(updated) : refuse('not-found', TICKET_TYPE_NOT_FOUND);
  }

  /** Deletes a type no card prices, no show sells and no order carries (such a type can be deactivated instead). */
  deleteType(code: string): Promise<Result<{ outcome: 'deleted' }>> {
    return this.lock.run('pricing', async () => {
      const stored = await this.types.findOne({ _id: code });
      if (!stored) return refuse('not-found', TICKET_TYPE_NOT_FOUND);
      const refusal = typeDeletionRefusal(typeOf(stored), await this.useOf(code));
      if (refusal) return refusal;
      await this.types.deleteOne({ _id: code });
      return { outcome: 'deleted' as const };
    });
  }

  /** A card that prices the type, else the shows that sell it, else the orders that carry it. */
  private async useOf(code: string): Promise<TicketTypeUse | undefined> {
    const card = (await this.priceCards()).find((one) => one.prices[code] !== undefined);
    if (card) return { card: card.name };
    const shows = await this.db.collection('shows').countDocuments({ 'pricing.types.type': code });
    if (shows > 0) return { shows };
    const orders = await this.db.collection('orders').countDocuments({ 'lines.type': code });
    return orders > 0 ? { orders } : undefined;
  }

  /** The cards, highest priority first. */
  async priceCards(): Promise<PriceCard[]> {
    const stored = await this.cards.find({}).toArray();
    return stored.map(cardOf).sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  createCard(input: PriceCardInput): Promise<Result<PriceCard>> {
    return this.lock.run('pricing', async () => {
      const refusal = cardRefusal(input, await this.priceCards(), await this.typeCodes());
      if (refusal) return refusal;
      const card: PriceCard = { id: new Types.ObjectId().toHexString(), ...input };
      const { id, ...fields } = card;
      await this.cards.insertOne({ _id: id, ...fields });
      return card;
    });
  }

  updateCard(id: string, input: PriceCardInput): Promise<Result<PriceCard>> {
    return this.lock.run('pricing', async () => {
      if (!(await this.cards.findOne({ _id: id }))) return refuse('not-found', PRICE_CARD_NOT_FOUND);
      const refusal = cardRefusal(input, await this.priceCards(), await this.typeCodes(), id);
      if (refusal) return refusal;
      const { name, prices, rules, priority } = input;
      await this.cards.replaceOne({ _id: id }, { name, prices, rules, priority });
      return { id, name, prices, rules, priority };
    });
  }

  /** Deletes a card no show on sale (not started, not cancelled) uses. */
  deleteCard(id: string, now: Date): Promise<Result<{ outcome: 'deleted' }>> {
    return this.lock.run('pricing', async () => {
      const card = await this.cards.findOne({ _id: id });
      if (!card) return refuse('not-found', PRICE_CARD_NOT_FOUND);
      const onSale = await this.db
        .collection('shows')
        .countDocuments({ 'pricing.card.id': id, startsAt: { $gt: now }, cancelled: { $ne: true } });
      if (onSale > 0) return refuse('conflict', cardInUse(card.name, onSale));
      await this.cards.deleteOne({ _id: id });
      return { outcome: 'deleted' as const };
    });
  }

  async surcharges(): Promise<Surcharges> {
    const stored = (await this.settings.findOne({ _id: 'surcharges' })) as ({ _id: 'surcharges' } & Surcharges) | null;
    return stored ? { formats: stored.formats, categories: stored.categories } : { formats: {}, categories: {} };
  }

  async setSurcharges(surcharges: Surcharges): Promise<Surcharges> {
    const { formats, categories } = surcharges;
    await this.settings.replaceOne({ _id: 'surcharges' }, { formats, categories }, { upsert: true });
    return { formats, categories };
  }

  private async typeCodes(): Promise<string[]> {
    return (await this.types.find({}, { projection: { _id: 1 } }).toArray()).map((type) => type._id);
  }
}
