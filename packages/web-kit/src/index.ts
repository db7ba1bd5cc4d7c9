// What the web apps import from @cine/web-kit: the API client, the shell ↔ remote contract and
// useAsyncData. UI primitives are in ./ui (@cine/web-kit/ui), the test fake in ./testing.

export {
  ApiError,
  api,
  apiUrl,
  catalogReads,
  checkoutReads,
  createApiClient,
  errorMessage,
  newIdempotencyKey,
  SAVED_AT_HEADER,
  type ApiClient,
  type CallOptions,
  type DownloadedFile,
  type DownloadOptions,
  type MaybeSaved,
  type WriteOptions,
} from './api-client';

export type {
  CartStatusProps,
  LoadRemotePage,
  PurchaseMovie,
  PurchasePanelProps,
  RemoteModule,
  RemoteName,
  RemotePageProps,
  RemoteSession,
  RemoteWidgets,
  Session,
} from './remotes';

export {
  CINEMA_STORAGE_KEY,
  chooseCinema,
  chosenCinemaSlug,
  cinemaKey,
  cinemaReads,
  cinemaSlugOfSearch,
  fetchCinemas,
  forgetCinemas,
  keepCinemaInUrl,
  rememberedCinemaId,
  rememberedCinemas,
  withCinema,
} from './chosen-cinema';
export { useChosenCinema, useChosenCinemaSlug, useCinemas, type ChosenCinema, type CinemasState } from './use-chosen-cinema';
export { useAsyncData, type AsyncData } from './use-async-data';
export { paidInParts, paymentLabel, pointsText, refundDestinations } from './refund-split';
export {
  adjustClubPoints,
  cancelPass,
  changePassCard,
  CLUB_PATH,
  createPassPlan,
  fetchClubLedger,
  fetchClubMe,
  fetchClubRenewals,
  fetchClubSales,
  fetchPassPlans,
  joinClub,
  searchClubMembers,
  subscribePass,
  updatePassPlan,
} from './club/club-api';
export { announceHold, useHoldAnnounced } from './hold-signal';

export {
  cancellationWindowMinutes,
  cinemaInfo,
  formatMoney,
  pageTitle,
  runtimeConfig,
  useDocumentTitle,
  type CineRuntimeConfig,
} from './cinema';
export {
  addDays,
  cinemaClock,
  chosenStripDay,
  compareText,
  dateStrip,
  dayLabel,
  hasStarted,
  instantLabel,
  longDate,
  shortDate,
  type StripDay,
} from './dates';
export { purchasePlaceUrl, readPurchasePlace, returnPathOf, signInUrl, type PurchasePlace } from './return-to';
export { useLiveSeatMap, type LiveSeatMapStatus } from './seat-map/use-live-seat-map';
export type { LiveSeatMap } from './seat-map/seat-map-state';
export { eventStreamParser, openEventStream, type EventStreamOptions, type StreamEvent, type StreamStatus } from './event-stream';
export {
  admissionOf,
  fetchActivePresales,
  fetchMyStanding,
  fetchPresale,
  joinPresale,
  presaleLinePath,
  presaleOfShow,
  rememberAdmission,
} from './presales/presale-api';
export { usePresaleStanding, type PresaleStandingState } from './presales/use-presale-standing';
