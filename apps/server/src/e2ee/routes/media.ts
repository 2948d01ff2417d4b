import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { ApiError, unprocessable } from '../../http/errors.js';
import { readMultipartForm, registerMultipart } from '../../http/multipart.js';
import { withUploadSlot } from '../../http/upload-slots.js';
import { VIDEO_SIZE_LIMIT } from '../../instance/limits.js';
import { storeEncryptedMedia } from '../media.js';
import { readRemoteEncryptedMedia } from '../remote-media.js';
import { mediaQuerySchema, remoteMediaQuerySchema } from '../schema.js';

const tooLarge = () => new ApiError(413, 'http.file_too_large');

/**
 * POST /api/v1/e2ee/media: an encrypted file, multipart `file` or a raw application/octet-stream body.
 * GET /api/v1/e2ee/media/remote?url=: an encrypted file on the server of a member of one's encrypted chats.
 */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/e2ee/media/remote', async (request, reply) => {
    const viewer = requireAccount(request);
    const { url } = remoteMediaQuerySchema.parse(request.query);
    const data = await readRemoteEncryptedMedia(ctx, viewer, url);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, max-age=86400')
      .send(data);
  });
  await app.register(async (scope) => {
    await registerMultipart(scope, { files: 1, fields: 2 });
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: VIDEO_SIZE_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/v1/e2ee/media', async (request, reply) => {
      const viewer = requireAccount(request);
      const { conversation_id } = mediaQuerySchema.parse(request.query);
      if (Buffer.isBuffer(request.body))
        return reply
          .status(201)
          .send(await storeEncryptedMedia(ctx, viewer, { data: request.body }, conversation_id));
      if (!request.isMultipart()) throw unprocessable('e2ee.file_missing');
      const stored = await withUploadSlot(ctx, viewer.id, async () => {
        const form = await readMultipartForm(request, ctx.config.uploads.tmpDir, {
          file: { limitOf: () => VIDEO_SIZE_LIMIT, tooLarge },
        });
        try {
          const file = form.files.file;
          if (!file) throw unprocessable('e2ee.file_missing');
          return await storeEncryptedMedia(
            ctx,
            viewer,
            { path: file.path, size: file.size },
            conversation_id,
          );
        } finally {
          await form.discard();
        }
      });
      return reply.status(201).send(stored);
    });
  });
}
