import {
  apiUrl,
  catalogReads,
  checkoutReads,
  chosenStripDay,
  cinemaClock,
  dateStrip,
  readPurchasePlace,
  rememberedCinemaId,
  type RemoteName,
} from '@cine/web-kit';

/** A remote page a visit often starts on, and the API answers (spec §7) its first view shows. */
interface LandingPage {
  remote: RemoteName;
  exposedModule: string;
  data: string[];
  /** Another remote the first view needs (a movie's page opened on a show: the checkout's purchase box). */
  alsoRemote?: RemoteName;
}

/** The pages a visit most often starts on (spec §2): the billboard, the day's showtimes, a movie's detail, a purchase. */
const landingPages: ReadonlyArray<{ path: RegExp; page: (match: RegExpExecArray, search: string, now: Date) => LandingPage }> = [
  {
    path: /^\/(home\/?)?$/,
    // The chosen cinema's lists (issue 38), when this device already knows its id; every cinema's otherwise.
    page: (_match, search) => {
      const cinemaId = rememberedCinemaId(search);
      return {
        remote: 'catalog',
        exposedModule: 'HomePage',
        data: [apiUrl(catalogReads.billboardOf(cinemaId)), apiUrl(catalogReads.premieresOf(cinemaId))],
      };
    },
  },
  {
    // The day the page shows: ?fecha= when it is one of the strip's, else the cinema's today.
    path: /^\/cartelera\/?$/,
    page: (_match, search, now) => {
      const date = chosenStripDay(dateStrip(cinemaClock(now).date), new URLSearchParams(search).get('fecha'));
      return {
        remote: 'catalog',
        exposedModule: 'BillboardByDayPage',
        data: [apiUrl(catalogReads.showsOnDate(date, rememberedCinemaId(search)))],
      };
    },
  },
  {
    path: /^\/compra\/[^/]+\/?$/,
    page: () => ({ remote: 'checkout', exposedModule: 'OrderConfirmationPage', data: [] }),
  },
  {
    path: /^\/mis-compras\/?$/,
    page: () => ({ remote: 'checkout', exposedModule: 'MyPurchasesPage', data: [] }),
  },
  {
    path: /^\/mis-entradas\/?$/,
    page: () => ({ remote: 'checkout', exposedModule: 'MyTicketsPage', data: [] }),
  },
  {
    path: /^\/movies\/([^/]+)\/?$/,
    page: ([, id = ''], search) => {
      const detail = { remote: 'catalog' as const, exposedModule: 'MovieDetailPage', data: [apiUrl(catalogReads.movieDetail(id))] };
      // Opened on a show (a link from the Cartelera por día, back from signing in): the purchase box loads at once.
      if (readPurchasePlace(search).showId === undefined) return detail;
      return { ...detail, data: [...detail.data, apiUrl(checkoutReads.showsOfMovie(id))], alsoRemote: 'checkout' };
    },
  },
];

/**
 * The remote page `pathname` renders when a visit starts there, if it is one of the landing pages.
 * The shell fetches its remoteEntry.js and its data while React loads, instead of after React has
 * rendered the route: on a phone's network that saves round trips before the first poster shows.
 */
export function landingPageOf(pathname: string, search = '', now = new Date()): LandingPage | undefined {
  for (const { path, page } of landingPages) {
    const match = path.exec(pathname);
    if (match) return page(match, search, now);
  }
  return undefined;
}
