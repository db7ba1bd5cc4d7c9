import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteNames, type RemoteName, type WebRoots } from '../options';

/** Each remote's exposed pages and the scripts each needs before it runs, as URLs (`/config.js`'s `pageScripts`). */
export type PageScripts = Partial<Record<RemoteName, Record<string, string[]>>>;

interface FederationManifest {
  exposes?: Array<{ name?: unknown; assets?: { js?: { sync?: unknown } } }>;
}

/**
 * The scripts of each exposed module of the remotes served from this gateway's web root, read from the
 * `mf-manifest.json` their build writes. With them the shell asks for a landing page's chunks alongside its
 * remoteEntry.js, instead of after that has arrived and run: one round trip less before a phone shows the page.
 * A remote served from elsewhere (its entry configured to another URL), or one without a readable manifest, has none:
 * its chunks then load as before, once its remoteEntry.js has run.
 */
export async function readPageScripts(web: WebRoots, entries: Record<RemoteName, string>): Promise<PageScripts> {
  const scripts: PageScripts = {};
  for (const name of remoteNames) {
    const prefix = `/remotes/${name}/`;
    if (entries[name] !== `${prefix}remoteEntry.js`) continue;
    const exposes = await readExposes(path.join(web.remotes[name], 'mf-manifest.json'));
    const pages: Record<string, string[]> = {};
    for (const expose of exposes) {
      const sync = expose.assets?.js?.sync;
      if (typeof expose.name !== 'string' || !Array.isArray(sync)) continue;
      const files = sync.filter((file): file is string => typeof file === 'string' && /^[\w.-]+\.js$/.test(file));
      if (files.length > 0) pages[expose.name] = files.map((file) => `${prefix}${file}`);
    }
    if (Object.keys(pages).length > 0) scripts[name] = pages;
  }
  return scripts;
}

async function readExposes(file: string): Promise<NonNullable<FederationManifest['exposes']>> {
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
    return Array.isArray(manifest.exposes) ? manifest.exposes : [];
  } catch {
    return [];
  }
}
