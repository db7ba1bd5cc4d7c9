/**
 * Where a movie's poster or a candy item's picture may point: an image of this site (an upload,
 * a seeded poster or picture) or an https address of an image host the platform uploads to.
 * Never `javascript:`, `data:`, `file:` or a protocol-relative `//host` address. One rule for the
 * catalog and candy services (and the admin's forms). Browser-safe.
 */

/** Hosts of the image service the original app uploads to (Cloudinary's `secure_url`). */
export const IMAGE_HOSTS = ['res.cloudinary.com'] as const;

export const IMAGE_URL_INVALID = 'La imagen debe ser una imagen subida al sitio o una dirección https de res.cloudinary.com.';

// The site's own images: `/api/uploads/<id>`, `/api/uploads/posters/<slug>.svg`, `/api/candy/pictures/<slug>.svg`.
const OWN_IMAGE_PATH = /^\/api\/(?:uploads\/[A-Za-z0-9-]+|uploads\/posters\/[a-z0-9-]+\.svg|candy\/pictures\/[a-z0-9-]+\.svg)$/;

/** True for a path of this site's images or an https URL (no credentials, no port) of an allowed image host. */
export function isAllowedImageUrl(text: string): boolean {
  const url = text.trim();
  if (OWN_IMAGE_PATH.test(url)) return true;
  if (!/^https:\/\/[^\s\\]+$/i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    (IMAGE_HOSTS as readonly string[]).includes(parsed.hostname)
  );
}
