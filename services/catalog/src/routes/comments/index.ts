import { assertSameUser, isAdmin, type ServiceApp } from '@cine/service-kit';
import { MOVIE_NOT_FOUND } from '../movies';
import * as schemas from './schemas';

/** The public form's own message (spec §5). */
const EMPTY_COMMENT = 'Escriba un comentario';

export default async function commentsRoutes(app: ServiceApp): Promise<void> {
  app.get('/', { schema: schemas.listComments, onRequest: app.requireAdmin }, async (request) => app.catalog.listComments(request.query));

  app.post('/add/:movieId', { schema: schemas.addComment, onRequest: app.authenticate }, async (request, reply) => {
    assertSameUser(request, request.query.userId);
    const text = request.body.Text?.trim() ?? '';
    if (text === '') throw app.httpErrors.badRequest(EMPTY_COMMENT);
    const comment = await app.catalog.addComment(request.params.movieId, request.query.userId, text);
    if (!comment) throw app.httpErrors.notFound(MOVIE_NOT_FOUND);
    return reply.status(201).send(comment);
  });

  app.delete('/delete/:id', { schema: schemas.deleteComment, onRequest: app.authenticate }, async (request) => {
    const outcome = await app.catalog.deleteComment(request.params.id, { userId: request.user.sub, isAdmin: isAdmin(request) });
    switch (outcome) {
      case 'not-found':
        throw app.httpErrors.notFound('No existe el comentario.');
      case 'forbidden':
        throw app.httpErrors.forbidden('Solo puedes eliminar tus propios comentarios.');
      case 'deleted':
        return { message: 'Comentario eliminado.' };
    }
  });

  app.get('/user/:userId', { schema: schemas.commentsOfUser, onRequest: app.authenticate }, async (request) => {
    assertSameUser(request, request.params.userId);
    return app.catalog.commentsOfUser(request.params.userId);
  });
}
