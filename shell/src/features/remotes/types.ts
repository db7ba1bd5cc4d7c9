import type { ComponentType } from 'react';
import type { Role } from '@cine/contracts';

export type RemoteName = 'catalog' | 'checkout' | 'admin';

/** What the shell hands every exposed page; each remote declares the same shape in its own src/types.ts. */
export interface RemotePageProps {
  session: { token: string; userId: string; username: string; role: Role } | null;
}

export interface RemotePageModule {
  default: ComponentType<RemotePageProps>;
}

/** Loads one exposed page, e.g. ('catalog', 'HomePage'). Injected so tests can replace the network. */
export type LoadRemotePage = (remote: RemoteName, exposedModule: string) => Promise<RemotePageModule>;
