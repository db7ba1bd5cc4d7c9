/**
 * The presale's waiting room (issue 40): the values and the arithmetic a web app, the gateway and booking
 * all use — the line's states, the defaults, a buyer's standing in the line worked out from the line's
 * shared feed and the buyer's position, the wait's estimate, and the Spanish messages. Apart from the
 * schemas of presales.ts so that a web bundle importing them never carries TypeBox.
 */

/**
 * A presale's line: 'scheduled' before `opensAt` (joining, no positions yet); 'open' admitting at the
 * metered rate; 'sold_out' while no seat of its shows is free (everyone waiting is told; seats that come
 * back reopen it); 'closed' once every show has started or an admin ended it (its shows then sell as any).
 */
export const PRESALE_STATES = ['scheduled', 'open', 'sold_out', 'closed'] as const;
export type PresaleState = (typeof PRESALE_STATES)[number];

/** How long an admitted buyer has to choose seats and pay (sessionMinutes), by default. */
export const DEFAULT_PRESALE_SESSION_MINUTES = 10;
/** Tickets one buyer may take over a presale's shows (maxTicketsPerBuyer), by default. */
export const DEFAULT_PRESALE_MAX_TICKETS_PER_BUYER = 4;
/**
 * Buyers admitted a minute when the admin leaves admitPerMinute out (PRESALE_ADMIT_PER_MINUTE changes it):
 * from the purchases a second the platform sustains in `npm run bench:presale` (docs/capacity.md), with room
 * for each admitted buyer's reads and the seats they change their mind about.
 */
export const DEFAULT_PRESALE_ADMIT_PER_MINUTE = 600;

/** What every holder of a presale's line knows: booking's feed (GET /presales/{id}/feed), relayed by the gateway. */
export interface PresaleLine {
  state: PresaleState;
  /** Free seats over the presale's shows (neither held nor sold). */
  seatsLeft: number;
  /** Positions 1..admittedThrough have been admitted (0 before the opening). */
  admittedThrough: number;
  /** The highest position given (everyone in the line has a position ≤ it; 0 before the opening). */
  lastPosition: number;
  /** Accounts that joined (before the opening: all of them, with no position yet). */
  joined: number;
  admitPerMinute: number;
  maxTicketsPerBuyer: number;
}

/** A buyer's standing in the line: what GET /presales/{id}/me and its stream answer, but the admission itself. */
export interface PresaleStanding {
  state: PresaleState;
  /** The buyer's place (1 is first); null before the opening, or when the buyer has not joined. */
  position: number | null;
  /** People before the buyer not admitted yet; null while `position` is. */
  ahead: number | null;
  seatsLeft: number;
  /** The buyer's turn has come: the admission (a token) is theirs for sessionMinutes. */
  admitted: boolean;
  /** Minutes until the turn comes at the metered rate; 0 once admitted, null without a position or while the line is stopped. */
  estimateMinutes: number | null;
  /** "Quedan 140 butacas y hay 312 personas delante: es posible que no alcancen"; null without a position. */
  seatsMessage: string | null;
}

/** People still waiting in the line (joined, positioned, not admitted); before the opening, everyone who joined. */
export function waitingIn(line: PresaleLine): number {
  if (line.state === 'scheduled') return line.joined;
  return Math.max(0, line.lastPosition - line.admittedThrough);
}

/** Whole minutes (at least 1) until `ahead + 1` more buyers are admitted at `admitPerMinute`. */
export function waitEstimateMinutes(ahead: number, admitPerMinute: number): number {
  return Math.max(1, Math.ceil((ahead + 1) / Math.max(1, admitPerMinute)));
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/**
 * The honest odds: the seats left against the people ahead. It may not be enough as soon as the people
 * ahead could take every seat left (each may buy up to maxTicketsPerBuyer).
 */
export function seatsAgainstAhead(seatsLeft: number, ahead: number, maxTicketsPerBuyer: number): string {
  if (seatsLeft === 0) return PRESALE_MESSAGES.soldOut;
  const seats = `${seatsLeft === 1 ? 'Queda' : 'Quedan'} ${plural(seatsLeft, 'butaca', 'butacas')}`;
  if (ahead === 0) return `${seats} y eres la próxima persona en entrar.`;
  const people = `hay ${plural(ahead, 'persona', 'personas')} delante`;
  return seatsLeft < ahead * maxTicketsPerBuyer ? `${seats} y ${people}: es posible que no alcancen` : `${seats} y ${people}.`;
}

/** A buyer's standing from the line's feed and the buyer's position (null: not joined, or before the opening). */
export function presaleStanding(line: PresaleLine, position: number | null): PresaleStanding {
  if (position === null || line.state === 'scheduled') {
    return {
      state: line.state,
      position: null,
      ahead: null,
      seatsLeft: line.seatsLeft,
      admitted: false,
      estimateMinutes: null,
      seatsMessage: null,
    };
  }
  const admitted = position <= line.admittedThrough;
  const ahead = admitted ? 0 : position - line.admittedThrough - 1;
  const moving = line.state === 'open';
  return {
    state: line.state,
    position,
    ahead,
    seatsLeft: line.seatsLeft,
    admitted,
    estimateMinutes: admitted ? 0 : moving ? waitEstimateMinutes(ahead, line.admitPerMinute) : null,
    seatsMessage: admitted ? null : seatsAgainstAhead(line.seatsLeft, ahead, line.maxTicketsPerBuyer),
  };
}

/** What the line says to the buyer, in the site's "tú". */
export const PRESALE_MESSAGES = {
  /** Issue 40's 403 of a hold or checkout of a presale's show without the caller's admission ("Esperá…" in voseo). */
  waitYourTurn: 'Espera tu turno en la fila',
  unknown: 'La preventa no existe.',
  signInToJoin: 'Inicia sesión para unirte a la fila.',
  soldOut: 'Se agotaron las butacas de la preventa.',
  lineClosed: 'La fila está cerrada: se agotaron las butacas de la preventa.',
  presaleClosed: 'La preventa terminó: las funciones ya están a la venta sin fila.',
  sessionOver: 'Tu turno terminó: el tiempo para elegir butacas y pagar se agotó.',
  noShows: 'Elige al menos una función para la preventa.',
  opensInPast: 'La apertura de la preventa debe ser en el futuro.',
  showNotFound: 'Una de las funciones elegidas no existe.',
  twoCinemas: 'Las funciones de una preventa deben ser de un mismo cine.',
  showStarted: 'Una de las funciones elegidas ya empezó.',
  showHasSales: (label: string) => `La función ${label} ya tiene entradas vendidas o reservadas: no puede entrar en una preventa.`,
  showInPresale: (label: string) => `La función ${label} ya está en otra preventa.`,
  notOnSaleYet: (opensAt: string) => `Las entradas de esta función salen a la venta en la preventa del ${opensAt}.`,
  tooManyTickets: (max: number) => `En esta preventa puedes comprar hasta ${plural(max, 'entrada', 'entradas')}.`,
} as const;
