import { Type } from '@sinclair/typebox';
import { bearerAuth, errors } from '@cine/service-kit';

const tags = ['uploads'];

export const uploadImage = {
  tags,
  security: bearerAuth,
  summary: 'Upload a poster or candy picture (admin): multipart field `file`, PNG, JPEG, GIF or WebP up to 5 MiB; to Cloudinary when CLOUDINARY_URL is set',
  consumes: ['multipart/form-data'],
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
