/**
 * THE way booking says no to an expected request: a refusal with a kind and the Spanish message the
 * buyer or admin reads. Everything below the routes answers `Result<T>` (the value, or a refusal); only
 * the routes (routes/refusals.ts) turn a kind into a status code. Failures nobody asked for (a database
 * down, a provider that does not answer) stay exceptions.
 */
export type RefusalKind =
  /** The request is wrong in itself (a seat repeated, a seat of another room, nothing chosen). */
  | 'invalid'
  /** What it names does not exist (or is not the caller's). */
  | 'not-found'
  /** The caller may not do it now (a presale's show without the caller's admission: issue 40). */
  | 'forbidden'
  /** It cannot be done in the state things are in now (seats taken, hold expired, a refund under way). */
  | 'conflict'
  /** The bank refused the card; `code` is the provider's error code. */
  | 'declined'
  /** The payment provider refused to give the money back; nothing changed. */
  | 'provider-refused'
  /** Too many others are changing the same thing at once: trying again later works. */
  | 'busy';

export interface Refusal {
  readonly outcome: 'refused';
  readonly kind: RefusalKind;
  readonly message: string;
  /** The provider's error code of a declined card. */
  readonly code?: string;
}

/** What an operation answers: its value (an object without `outcome: 'refused'`), or why it was refused. */
export type Result<T> = T | Refusal;

export function refuse(kind: RefusalKind, message: string, code?: string): Refusal {
  return { outcome: 'refused', kind, message, ...(code === undefined ? {} : { code }) };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { outcome?: unknown }).outcome === 'refused';
}

/**
 * A refusal thrown where a decision cannot answer one (inside a queued seat change, a group commit that
 * found no show): caught and answered as a `Result` at the boundary of the class that threw it.
 */
export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'RefusedError';
  }
}

export const refused = (kind: RefusalKind, message: string) => new RefusedError(refuse(kind, message));

/** Runs `work`, answering the refusal it throws as a value (other errors go on). */
export async function catchRefusal<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RefusedError) return error.refusal;
    throw error;
  }
}
