import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { remoteNames, type ClientConfig, type WebRoots } from '../options';
import { API_PREFIX } from './api-proxy';

export interface WebAppOptions {
  web: WebRoots;
  clientConfig: ClientConfig;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Webpack names every bundle and asset `<name>.<contenthash:8>.<ext>`: those never change under their name. */
const contentHashed = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** A request for a file (has an extension) rather than a page route. */
const fileLike = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/** index.html, remoteEntry.js, mf-manifest.json, logo.svg …: revalidated on every load (ETag). */
function cacheControlFor(file: string): string {
  return contentHashed.test(file) ? IMMUTABLE : REVALIDATE;
}

function clientConfigScript(config: ClientConfig): string {
  const json = JSON.stringify({
    remotes: config.remotes,
    stripePublishableKey: config.stripePublishableKey,
    cinema: config.cinema,
    cancellationWindowMinutes: config.cancellationWindowMinutes,
  }).replace(/</g, '\\u003c');
  return `window.__CINE_CONFIG__ = ${json};\n`;
}

interface Mount {
  /** URL prefix, ending with '/'. */
  prefix: string;
  root: string;
}

/** Path inside `root` of the regular file the URL path names (a folder means its index.html), if any. */
async function fileInRoot(root: string, relative: string): Promise<string | undefined> {
  if (relative.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const absolute = path.resolve(root, relative);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return undefined;
  try {
    const found = await stat(absolute);
    if (found.isFile()) return path.relative(root, absolute);
    if (found.isDirectory() && (await stat(path.join(absolute, 'index.html'))).isFile())
      return path.relative(root, path.join(absolute, 'index.html'));
  } catch {
    return undefined;
  }
  return undefined;
}

function decodedPathname(url: string): string | undefined {
  const query = url.indexOf('?');
  try {
    return decodeURIComponent(query === -1 ? url : url.slice(0, query));
  } catch {
    return undefined;
  }
}

/**
 * The web apps on the same origin as the API:
 *   /config.js             runtime configuration read by the shell before its bundle
 *   /remotes/<name>/…      each remote's dist (remoteEntry.js and its chunks)
 *   /…                     the shell's dist
 * Any other GET that is not /api and not a file gets the shell's index.html,
 * so page routes (/home, /movies/:id, /login …) and unknown pages reach the
 * shell's router, which shows the 404 page.
 */
export async function webApp(app: FastifyInstance, { web, clientConfig }: WebAppOptions): Promise<void> {
  // preCompressed: the build writes `.br` and `.gz` next to every text file over 1 KB; the one the
  // browser accepts is sent (with Vary: Accept-Encoding), and nothing is compressed per request.
  await app.register(fastifyStatic, { root: web.shell, serve: false, cacheControl: false, dotfiles: 'deny', preCompressed: true });

  const shellRoot = path.resolve(web.shell);
  const mounts: Mount[] = [
    ...remoteNames.map((name) => ({ prefix: `/remotes/${name}/`, root: path.resolve(web.remotes[name]) })),
    { prefix: '/', root: shellRoot },
  ];

  const script = clientConfigScript(clientConfig);
  app.get('/config.js', { schema: { hide: true }, compress: false }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', REVALIDATE).send(script),
  );

  app.get('/*', { schema: { hide: true }, compress: false }, async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodedPathname(request.url);
    if (pathname === undefined || pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return reply.callNotFound();

    const mount = mounts.find((candidate) => pathname.startsWith(candidate.prefix));
    if (mount) {
      const file = await fileInRoot(mount.root, pathname.slice(mount.prefix.length));
      if (file !== undefined) return reply.header('cache-control', cacheControlFor(file)).sendFile(file, mount.root);
    }
    // A missing bundle or remote file is a 404, not a page: an HTML answer would fail later and less clearly.
    if (pathname.startsWith('/remotes/') || fileLike.test(pathname)) return reply.callNotFound();
    return reply.header('cache-control', REVALIDATE).sendFile('index.html', shellRoot);
  });
}
