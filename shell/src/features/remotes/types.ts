import type { ComponentType, ReactNode } from 'react';
import type { Role } from '@cine/contracts';

export type RemoteName = 'catalog' | 'checkout' | 'admin';

export type RemoteSession = { token: string; userId: string; username: string; role: Role } | null;

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
  /** The checkout remote's purchase controls and side panel (checkout/PurchasePanel). */
  PurchasePanel: ComponentType<{ movie: PurchaseMovie }>;
}

/** What the shell hands every exposed page; each remote declares the same shape in its own src/types.ts. */
export interface RemotePageProps {
  session: RemoteSession;
  widgets: RemoteWidgets;
}

/** Props of the exposed checkout/PurchasePanel module. */
export interface PurchasePanelProps {
  movie: PurchaseMovie;
  session: RemoteSession;
}

/** An exposed module: its default export is a function component taking `Props`. */
export interface RemoteModule<Props> {
  default: (props: Props) => ReactNode;
}

export type RemotePageModule = RemoteModule<RemotePageProps>;

/**
 * Loads one exposed component, e.g. ('catalog', 'HomePage') or ('checkout', 'PurchasePanel').
 * `Props` is what the remote's contract promises; at run time the loader can only check that
 * the default export is a component. Injected so tests can replace the network.
 */
export type LoadRemotePage = <Props extends object = RemotePageProps>(
  remote: RemoteName,
  exposedModule: string,
) => Promise<RemoteModule<Props>>;
