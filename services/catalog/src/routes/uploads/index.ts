import fastifyMultipart from '@fastify/multipart';
import type { ServiceApp } from '@cine/service-kit';
import { seededPoster } from '../../movies/posters';
import { uploadToCloudinary, type CloudinaryAccount } from '../../uploads/cloudinary';
import { inspectImage, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '../../uploads/image-store';
import * as schemas from './schemas';

const NOT_AN_IMAGE = 'El archivo no es una imagen PNG, JPEG, GIF o WebP.';
const TOO_LARGE = 'La imagen supera el tamaño máximo de 5 MB.';
const TOO_MANY_PIXELS = `La imagen supera el máximo de ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} píxeles.`;
const MALFORMED_MULTIPART = 'El cuerpo multipart no es válido. Envía la imagen como multipart/form-data en el campo file.';

/** Errors of a body that is not well-formed multipart (no boundary, cut short…): the client's fault, a 400. */
function isMalformedMultipart(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE') return true;
  // busboy's own errors carry no code: a missing boundary, an unexpected end, malformed part headers.
  return !code && typeof message === 'string' && /multipart|boundary|unexpected end of form|malformed/i.test(message);
}
const IMAGE_NOT_FOUND = 'No existe la imagen.';
// Uploads never change: each id names one stored file.
const FOREVER = 'public, max-age=31536000, immutable';

export interface UploadsOptions {
  /** When set, images go to this Cloudinary account instead of the service's GridFS. */
  cloudinary?: CloudinaryAccount;
}

export default async function uploadsRoutes(app: ServiceApp, { cloudinary }: UploadsOptions): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024 } });

  // The multipart body is streamed and checked by the handler: its schema only documents it.
  app.post(
    '/',
    { schema: schemas.uploadImage, validatorCompiler: () => () => true, onRequest: app.requireAdmin },
    async (request, reply) => {
      if (!request.isMultipart()) throw app.httpErrors.unsupportedMediaType('Envía la imagen como multipart/form-data en el campo file.');
      let file: Awaited<ReturnType<typeof request.file>>;
      let bytes: Buffer;
      try {
        file = await request.file();
        if (!file || file.fieldname !== 'file') throw app.httpErrors.badRequest('Falta la imagen en el campo file.');
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw app.httpErrors.payloadTooLarge(TOO_LARGE);
        if (isMalformedMultipart(error)) throw app.httpErrors.badRequest(MALFORMED_MULTIPART);
        throw error;
      }
      const inspected = inspectImage(bytes);
      if (!inspected.ok) throw app.httpErrors.badRequest(inspected.reason === 'too-large' ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
      const { contentType } = inspected;
      if (cloudinary) {
        // A 502: the kit's error handler logs the cause and answers its generic Spanish 5xx message.
        const secureUrl = await uploadToCloudinary(cloudinary, bytes, contentType, file.filename).catch((error: unknown) => {
          throw app.httpErrors.badGateway(`Cloudinary upload failed: ${error instanceof Error ? error.message : String(error)}`);
        });
        return reply.status(201).send({ secure_url: secureUrl });
      }
      const id = await app.images.save(bytes, contentType, file.filename);
      return reply.status(201).send({ id, secure_url: `/api/uploads/${id}` });
    },
  );

  app.get('/posters/:file', { schema: schemas.poster }, async (request, reply) => {
    const slug = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
    const svg = slug ? seededPoster(slug) : undefined;
    if (!svg) throw app.httpErrors.notFound(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });

  app.get('/:id', { schema: schemas.image }, async (request, reply) => {
    const image = await app.images.open(request.params.id);
    if (!image) throw app.httpErrors.notFound(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.length)
      .header('cache-control', FOREVER)
      .header('x-content-type-options', 'nosniff')
      .send(image.stream);
  });
}
