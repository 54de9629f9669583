import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import { uploadUrlRequestSchema, uploadUrlResponseSchema } from '#shared/menu/menu-admin.schema.ts';
import { MAX_UPLOAD_BYTES } from '#shared/menu/menu-images.ts';
import { isImageId, UploadUrlSigner } from './upload-url.ts';
import { getMenuImageVariant, saveMenuImage } from './menu-images.service.ts';
import { DEFAULT_VARIANT, isMenuImageVariant, NOT_AN_IMAGE } from './menu-image-variants.ts';

export const FILE_TOO_LARGE = 'File Too Large - Please select an image smaller than 5MB';
export const UPLOAD_URL_EXPIRED = 'This upload link has expired. Please choose the photo again.';

/** PUT /api/menu/uploads/:token answers this. */
export const uploadResultSchema = z.object({
  imageId: z.uuid(),
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * The raw bytes of an upload. NOTE: wrapped, not a bare Buffer: the control-character guard
 * (http/request-guards.ts) walks a body's enumerable keys, and a Buffer has one per byte
 * (5 seconds of blocked event loop for 5 MiB). A private field has no enumerable key.
 */
class UploadedFile {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes() {
    return this.#bytes;
  }
}

/** An image id and variant never change their bytes: cached for a year, checked by ETag. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): `*`, or one of a list of tags. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Menu photos: upload URL, upload, and /objects/menu-images serving (decision 011). */
export async function uploadsFeature(app: AppInstance) {
  const { db } = app;
  const signer = new UploadUrlSigner(db);

  // Spec back-office §7: the editor asks for a URL, then PUTs the file to it.
  app.post(
    '/api/menu/upload-url',
    { schema: { body: uploadUrlRequestSchema, response: { 200: uploadUrlResponseSchema } } },
    async () => {
      const imageId = randomUUID();
      const token = await signer.sign(imageId, app.now());
      return { uploadURL: `/api/menu/uploads/${token}`, imageId };
    },
  );

  // The upload takes the file's raw bytes with whatever type the browser declares (the bytes
  // decide, menu-image-variants.ts); a JSON body still goes to the JSON parser, and is refused.
  await app.register(async (scope: AppInstance) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, new UploadedFile(body as Buffer)),
    );
    // A browser sends `Content-Type: ` (empty) for a file whose type it does not know, which
    // Fastify refuses as a media type; without the header the catch-all parser takes it.
    scope.addHook('onRequest', async (request) => {
      if (request.headers['content-type']?.trim() === '') delete request.headers['content-type'];
    });
    // Fastify's own 413 and 415 in the spec's words; everything else goes on to the app's handler.
    scope.setErrorHandler((error) => {
      const code = (error as { code?: string }).code;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, FILE_TOO_LARGE);
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError(415, NOT_AN_IMAGE);
      throw error;
    });

    scope.put(
      '/api/menu/uploads/:token',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: z.object({ token: z.string() }),
          response: { 200: uploadResultSchema },
        },
      },
      async (request) => {
        // No file at all (or JSON) is a malformed request, refused before the link is looked
        // at, like a body that fails its schema. NOTE: the access test's route walk relies on
        // it: an admin sending nothing to a sample token gets 415, not a 403 that would read
        // as "no access".
        if (!(request.body instanceof UploadedFile)) throw new HttpError(415, NOT_AN_IMAGE);
        const check = await signer.check(request.params.token, app.now());
        if (!check.ok) {
          request.log.info({ reason: check.reason }, 'upload URL refused');
          throw forbidden(UPLOAD_URL_EXPIRED);
        }
        const saved = await saveMenuImage(db, check.imageId, request.body.bytes);
        request.log.info({ imageId: saved.imageId }, 'menu photo stored');
        return saved;
      },
    );
  });

  // Public (not under /api, so outside the access table): the storefront shows these.
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    imageId: string,
    variant: string,
  ) => {
    // A malformed id is simply not there: a 404, never a database error.
    const stored =
      isImageId(imageId) && isMenuImageVariant(variant)
        ? await getMenuImageVariant(db, imageId, variant)
        : null;
    if (!stored) throw notFound('Image not found.');
    const etag = `"${stored.etag}"`;
    reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    return reply.type(stored.contentType).send(stored.bytes);
  };

  app.get(
    '/objects/menu-images/:imageId',
    { schema: { params: z.object({ imageId: z.string() }) } },
    (request, reply) => serve(request, reply, request.params.imageId, DEFAULT_VARIANT),
  );
  app.get(
    '/objects/menu-images/:imageId/:variant',
    { schema: { params: z.object({ imageId: z.string(), variant: z.string() }) } },
    (request, reply) => serve(request, reply, request.params.imageId, request.params.variant),
  );
}
