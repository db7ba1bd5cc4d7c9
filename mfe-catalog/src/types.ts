import type { ComponentType } from 'react';

/**
 * Props the shell passes to every exposed page. The shell declares the same shape;
 * it is duplicated on purpose so this remote depends on no other frontend's source.
 */
export interface RemotePageProps {
  session: { token: string; userId: string; username: string; role: 'user' | 'admin' } | null;
  /** Other remotes' components the shell lends this page; absent when the page runs on its own. */
  widgets?: RemoteWidgets;
}

/** The movie the checkout's purchase widget is given. */
export interface PurchaseMovie {
  id: string;
  Title: string;
  Trailer: string;
  Language?: string;
}

export interface RemoteWidgets {
  /** The checkout remote's purchase controls (day, time, format, Comprar) and side panel. */
  PurchasePanel: ComponentType<{ movie: PurchaseMovie }>;
}
