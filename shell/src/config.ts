import type { RemoteName } from '@cine/web-kit';

const remoteNames: readonly RemoteName[] = ['catalog', 'checkout', 'admin'];

/** remoteEntry URL of each remote: the gateway's /config.js wins, the default layout is the fallback. */
export function readRemoteEntries(config: CineRuntimeConfig | undefined): Record<RemoteName, string> {
  const configured = config?.remotes ?? {};
  const entries = {} as Record<RemoteName, string>;
  for (const name of remoteNames) {
    const url = configured[name];
    entries[name] = typeof url === 'string' && url.length > 0 ? url : `/remotes/${name}/remoteEntry.js`;
  }
  return entries;
}
