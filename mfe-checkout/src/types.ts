export type Session = { token: string; userId: string; username: string; role: 'user' | 'admin' };

/**
 * Props the shell passes to every exposed page. The shell declares the same shape (plus the
 * `widgets` it lends other remotes, which these pages do not use); it is duplicated on purpose
 * so this remote depends on no other frontend's source.
 */
export interface RemotePageProps {
  session: Session | null;
}

/** The movie the detail page (catalog remote) hands the purchase widget. */
export interface PurchaseMovie {
  id: string;
  Title: string;
  /** YouTube embed URL. */
  Trailer: string;
  Language?: string;
}

/** Props of the exposed './PurchasePanel': the shell adds the session to what the page gives. */
export interface PurchasePanelProps {
  movie: PurchaseMovie;
  session: Session | null;
}

/** Who an API call acts for: the user id the body carries and the bearer token. */
export type Caller = Pick<Session, 'userId' | 'token'>;
