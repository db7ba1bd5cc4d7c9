import { isObjectIdText, PRESALE_MESSAGES } from '@cine/contracts';
import { findEachById } from '@cine/service-kit';
import type { Model } from 'mongoose';
import { isRefusal, refuse, type Refusal, type Result } from '../refusal';
import type { SeatHolds } from '../shows/seat-holds';
import type { ShowDocument } from '../shows/show-model';
import { admissionProblem, type AdmissionSigner } from './admission';
import { ticketsAfter, type Wanted } from './gate-rules';
import type { PresaleDocument, PresalePlaceDocument } from './presale-model';
import { sessionRunning, type Presales } from './presales';

/** What the gate answers a request it lets through: the presale whose line it passed (none: the show sells as any). */
export interface GatePassed {
  presaleId: string | null;
}

/** The presale check of a hold or a checkout (the checkout asks only this much of the gate). */
export interface PresaleCheck {
  /** `wanted`: a hold's seat count, or `'held'` for a checkout (the seats the buyer holds on the show). */
  admit(showId: string, userId: string, admission: string | undefined, now: Date, wanted: Wanted): Promise<Result<GatePassed>>;
}

/** An admitted buyer's admission as GET /presales/{id}/me answers it. */
export interface IssuedAdmission {
  admission: string;
  admissionExpiresAt: string;
}

const WAIT_YOUR_TURN: Refusal = refuse('forbidden', PRESALE_MESSAGES.waitYourTurn);
const NO_PRESALE: GatePassed = { presaleId: null };

/**
 * The presale's gate (issue 40), one check at the top of both ways to buy a presale's seats — the hold
 * (POST /tickets/addTickets) and the checkout (POST /movies/checkout): while a show is in a presale that
 * is not 'closed', the request must carry the caller's own admission (admission.ts), signed by booking,
 * for that presale, not past its session, naming the caller's place while that place is 'admitted'
 * with the same nonce; else 403 "Espera tu turno en la fila". Either must also leave the buyer within
 * the presale's maxTicketsPerBuyer over its shows (409): a hold counts its seats, a checkout the seats it
 * pays (so two holds raced past the hold's count are still stopped at the payment). A show in no such
 * presale costs one read by `_id` (its entry in presale_shows, none) and nothing else.
 */
export class PresaleGate implements PresaleCheck {
  constructor(
    /** The presales and their places (presales.ts: `ofShow`, by the show's id, is the one read a show of no presale costs). */
    private readonly presales: Pick<Presales, 'ofShow' | 'places'>,
    private readonly shows: Model<ShowDocument>,
    private readonly signer: AdmissionSigner,
    private readonly seats: Pick<SeatHolds, 'release'>,
  ) {}

  async admit(showId: string, userId: string, admission: string | undefined, now: Date, wanted: Wanted): Promise<Result<GatePassed>> {
    // A hold names a show in either case (both find it by _id): ofShow looks it up in lower case, as presales keep it.
    const presale = await this.presales.ofShow(showId);
    if (!presale) return NO_PRESALE;
    const presaleId = presale._id.toHexString();
    const admitted = await this.admitted(presaleId, userId, admission, now);
    if (isRefusal(admitted)) return admitted;
    // One read by _id each (an $in of ids reads every show on FerretDB).
    const found = await findEachById(presale.showIds.filter(isObjectIdText), (id) =>
      this.shows.findById(id, { seats: 1 }).lean<ShowDocument>(),
    );
    const shows = [...found.values()];
    const after = ticketsAfter(shows, userId, now, showId, wanted);
    if (after !== null && after > presale.maxTicketsPerBuyer)
      return refuse('conflict', PRESALE_MESSAGES.tooManyTickets(presale.maxTicketsPerBuyer));
    return { presaleId };
  }

  /** The admission's place, when the admission is the caller's own for this presale and still good; else the 403. */
  private async admitted(
    presaleId: string,
    userId: string,
    admission: string | undefined,
    now: Date,
  ): Promise<Result<PresalePlaceDocument>> {
    if (admission === undefined) return WAIT_YOUR_TURN;
    const claims = this.signer.verify(admission);
    if (!claims || admissionProblem(claims, { presaleId, userId, now }) !== null || !isObjectIdText(claims.placeId)) return WAIT_YOUR_TURN;
    const place = await this.presales.places.findById(claims.placeId).lean<PresalePlaceDocument>();
    const current =
      place !== null &&
      place.presaleId === presaleId &&
      place.userId === userId &&
      place.nonce === claims.nonce &&
      sessionRunning(place, now);
    return current ? place : WAIT_YOUR_TURN;
  }

  /**
   * The place's admission (GET /presales/{id}/me), while it is 'admitted' and its session has not run out:
   * bound to the presale, the place's user, the place and its nonce, valid until the session's end.
   */
  admissionFor(place: PresalePlaceDocument, presale: Pick<PresaleDocument, '_id'>, now: Date): IssuedAdmission | undefined {
    if (!sessionRunning(place, now) || place.expiresAt === undefined) return undefined;
    const admission = this.signer.sign({
      presaleId: presale._id.toHexString(),
      userId: place.userId,
      placeId: place._id.toHexString(),
      nonce: place.nonce,
      expiresAt: place.expiresAt,
    });
    return { admission, admissionExpiresAt: place.expiresAt.toISOString() };
  }

  /**
   * A place whose session ran out: its user's holds on the presale's shows are released through the seat
   * inventory (as the buyer's own release would: seats being paid stay, so an order mid-payment finishes).
   * Answers how many seats went back on sale. A show gone meanwhile is skipped.
   */
  async releaseExpired(place: Pick<PresalePlaceDocument, 'userId'>, presale: Pick<PresaleDocument, 'showIds'>, now: Date): Promise<number> {
    let released = 0;
    for (const showId of presale.showIds) {
      const result = await this.seats.release(showId, place.userId, now);
      if (!isRefusal(result)) released += result;
    }
    return released;
  }
}
