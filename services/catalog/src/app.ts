// The kit registers these plugins; these imports bring their FastifyInstance and
// FastifyRequest additions (httpErrors, jwt, jwtVerify) into this program.
import type {} from '@fastify/jwt';
import type {} from '@fastify/sensible';
import { createServiceApp, readEnv, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import { catalogPlugin } from './plugins/catalog';
import commentsRoutes from './routes/comments';
import feedbackRoutes from './routes/feedback';
import moviesRoutes from './routes/movies';
import uploadsRoutes from './routes/uploads';
import { parseCloudinaryUrl, type CloudinaryAccount } from './uploads/cloudinary';

export interface CatalogContext extends ServiceContext {
  /** What "today" is for the billboard and premieres (tests move it). */
  clock?: () => Date;
  /** Where uploads go instead of GridFS; by default from CLOUDINARY_URL, when set. */
  cloudinary?: CloudinaryAccount;
}

/** Catalog: movies (billboard, premieres, search, admin edits), comments, feedback and images. */
export async function buildCatalogApp(context: CatalogContext): Promise<ServiceApp> {
  const app = await createServiceApp(context);

  await app.register(catalogPlugin, { db: context.db, bus: context.bus, ...(context.clock ? { clock: context.clock } : {}) });

  await app.register(moviesRoutes, { prefix: '/movies' });
  await app.register(commentsRoutes, { prefix: '/comments' });
  await app.register(feedbackRoutes, { prefix: '/feedback' });
  const cloudinary = context.cloudinary ?? parseCloudinaryUrl(readEnv('CLOUDINARY_URL'));
  await app.register(uploadsRoutes, { prefix: '/uploads', ...(cloudinary ? { cloudinary } : {}) });

  const seeded = await app.catalog.seedIfEmpty();
  if (seeded > 0) app.log.info({ movies: seeded }, 'seeded the demo catalog');
  return app;
}
