import type { ServiceApp } from '@cine/service-kit';
import type { CandyWrite } from '../../candy-stand';
import { seededPicture } from '../../candy/pictures';
import * as schemas from './schemas';

const CANDY_NOT_FOUND = 'No existe el producto.';
const NAME_TAKEN = 'Ya existe un producto con ese nombre.';
const PICTURE_NOT_FOUND = 'No existe la imagen.';
// A slug's drawing changes only with a new release of the service.
const A_WEEK = 'public, max-age=604800';
// The menu is the same for everyone: the gateway serves it for a second (stock sold meanwhile shows a second late).
const SHARED_FOR_A_SECOND = 'public, max-age=0, s-maxage=1';

export default async function candyRoutes(app: ServiceApp): Promise<void> {
  const saved = (result: CandyWrite) => {
    switch (result.outcome) {
      case 'invalid':
        throw app.httpErrors.badRequest(result.message);
      case 'name-taken':
        throw app.httpErrors.conflict(NAME_TAKEN);
      case 'not-found':
        throw app.httpErrors.notFound(CANDY_NOT_FOUND);
      case 'saved':
        return result.candy;
    }
  };

  app.get('/', { schema: schemas.list }, async (request, reply) =>
    Object.keys(request.query).length === 0
      ? reply.header('cache-control', SHARED_FOR_A_SECOND).send(await app.candy.all())
      : app.candy.list(request.query),
  );

  app.get('/searchCandy', { schema: schemas.search }, async (request) => app.candy.search(request.query.name ?? ''));

  app.post('/', { schema: schemas.create, onRequest: app.requireAdmin }, async (request, reply) =>
    reply.status(201).send(saved(await app.candy.create(request.body))),
  );

  // The admin panel may send back the whole item, id included.
  app.put('/:id', { schema: schemas.update, onRequest: app.requireAdmin }, async (request) => {
    const { id, ...changes } = request.body;
    if (id !== undefined && id !== request.params.id) throw app.httpErrors.badRequest('El id del cuerpo no coincide con el de la ruta.');
    return saved(await app.candy.update(request.params.id, changes));
  });

  app.delete('/:id', { schema: schemas.remove, onRequest: app.requireAdmin }, async (request) => {
    if (!(await app.candy.delete(request.params.id))) throw app.httpErrors.notFound(CANDY_NOT_FOUND);
    return { message: 'Producto eliminado.' };
  });

  app.get('/pictures/:file', { schema: schemas.picture }, async (request, reply) => {
    const slug = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
    const svg = slug ? seededPicture(slug) : undefined;
    if (!svg) throw app.httpErrors.notFound(PICTURE_NOT_FOUND);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', A_WEEK)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
