/**
 * The shell ↔ remote contract: what the shell hands every exposed page and widget.
 * The shell and each remote import these types from here, so neither imports the other's source.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Role } from '@cine/contracts';

export type RemoteName = 'catalog' | 'checkout' | 'admin';

/** The signed-in user as remotes see it. */
export interface Session {
  token: string;
  userId: string;
  username: string;
  /** Where the receipts go (the account's e-mail). */
  email: string;
  role: Role;
}

/** Null for a guest or while the stored token is being checked. */
export type RemoteSession = Session | null;

/** The movie a page hands the checkout's purchase widget. */
export interface PurchaseMovie {
  id: string;
  Title: string;
  /** YouTube embed URL. */
  Trailer: string;
  Language?: string;
}

/**
 * Components of one remote that the shell lends to another remote's pages, so a page can
 * place them without importing the other remote: the shell loads them and adds the session.
 */
export interface RemoteWidgets {
  /** The checkout remote's purchase controls (day, time, format, Comprar) and side panel (checkout/PurchasePanel). */
  PurchasePanel: ComponentType<{ movie: PurchaseMovie }>;
  /** The checkout remote's cart in the header: the seats held and their countdown, on every page (checkout/CartStatus). */
  CartStatus: ComponentType;
}

/** What the shell hands every exposed page. `widgets` is absent when a page runs on its own. */
export interface RemotePageProps {
  session: RemoteSession;
  widgets?: RemoteWidgets;
  /** Ends the session as the shell's own menu does; absent when a page runs on its own. */
  signOut?: () => void;
}

/** Props of the exposed checkout/PurchasePanel module: the shell adds the session to what the page gives. */
export interface PurchasePanelProps {
  movie: PurchaseMovie;
  session: RemoteSession;
}

/** Props of the exposed checkout/CartStatus module: the shell adds the session. */
export interface CartStatusProps {
  session: RemoteSession;
}

/** An exposed module: its default export is a function component taking `Props`. */
export interface RemoteModule<Props> {
  default: (props: Props) => ReactNode;
}

/**
 * Loads one exposed component, e.g. ('catalog', 'HomePage') or ('checkout', 'PurchasePanel').
 * `Props` is what the remote's contract promises; at run time the loader can only check that
 * the default export is a component. Injected so tests can replace the network.
 */
export type LoadRemotePage = <Props extends object = RemotePageProps>(
  remote: RemoteName,
  exposedModule: string,
) => Promise<RemoteModule<Props>>;
