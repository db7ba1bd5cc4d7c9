import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';

const tags = ['uploads'];

export const uploadImage = {
  tags,
  security: bearerAuth,
  summary:
    'Upload a poster or candy picture (admin): multipart field `file`, PNG, JPEG, GIF or WebP up to 5 MiB; to Cloudinary when CLOUDINARY_URL is set',
  consumes: ['multipart/form-data'],
  // For the OpenAPI document only: the handler reads and checks the multipart stream itself (the route skips body validation).
  body: {
    content: {
      'multipart/form-data': {
        schema: Type.Object({
          file: Type.String({ format: 'binary', description: 'PNG, JPEG, GIF or WebP, at most 5 MiB and 8000 × 8000 pixels' }),
          upload_preset: Type.Optional(Type.String({ maxLength: 1024, description: 'Ignored (sent by clients written for Cloudinary)' })),
        }),
      },
    },
  },
  response: { 201: Type.Object({ id: Type.Optional(Type.String()), secure_url: Type.String() }), ...errors(400, 401, 403, 413, 415, 502) },
};

export const image = {
  tags,
  summary: 'An uploaded image',
  params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
};

export const poster = {
  tags,
  summary: "A seeded movie's generated poster (SVG)",
  params: Type.Object({ file: Type.String({ maxLength: 200 }) }),
};
