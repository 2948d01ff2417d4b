import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { requireAccount, requireBearerAccount } from '../auth/viewer.js';
import { MEDIA_POLICY } from '../http/security-headers.js';
import type { AppContext } from '../context.js';
import { unprocessable } from '../http/errors.js';
import { readMultipartForm, registerMultipart, type MultipartForm } from '../http/multipart.js';
import { withUploadSlot } from '../http/upload-slots.js';
import type { MediaAttributesInput } from './attributes.js';
import { serializeMedia } from './serializer.js';
import { findUnattachedUpload, storeUpload, updateUpload, uploadRules } from './service.js';
import { mediaStorageFor } from './storage.js';
import { S3MediaStorage } from './s3-storage.js';
import { registerBucketFiles } from './bucket-routes.js';
import { scopes } from '../auth/route-scopes.js';
import { isEncryptedMediaPath } from '../e2ee/media-paths.js';

const idParams = z.object({ id: z.string() });

/** The text fields a client may send with an upload or an update (JSON, form or multipart alike). */
const attributesSchema = z.object({
  description: z.string().nullable().optional(),
  focus: z.string().nullable().optional(),
});

const parseAttributes = (body: unknown): MediaAttributesInput => attributesSchema.parse(body ?? {});

/**
 * POST /api/v1/media and /api/v2/media (bearer, multipart `file` with optional `thumbnail`, `description` and
 * `focus`), GET and PUT /api/v1/media/:id (a new `thumbnail` too, when multipart) for the viewer's uploads not
 * attached yet, and the stored files under /system/: from the local folder, or from the bucket
 * (media/bucket-routes.ts).
 */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const storage = mediaStorageFor(ctx);
  const { localRoot } = storage;
  await app.register(async (scope) => {
    // two files at most: the upload and its thumbnail
    await registerMultipart(scope, { files: 2, fields: 10 });
    /** The multipart form of an upload or an update, read in one of the account's upload slots. */
    const withForm = <T>(
      request: FastifyRequest,
      accountId: string,
      rules: Partial<typeof uploadRules>,
      handle: (form: MultipartForm) => Promise<T>,
    ): Promise<T> =>
      withUploadSlot(ctx, accountId, async () => {
        const form = await readMultipartForm(request, ctx.config.uploads.tmpDir, rules);
        try {
          return await handle(form);
        } finally {
          await form.discard();
        }
      });

    const upload = async (request: FastifyRequest) => {
      const viewer = requireBearerAccount(request);
      if (!request.isMultipart()) throw unprocessable('messaging.no_file');
      return withForm(request, viewer.id, uploadRules, async ({ files, fields }) => {
        if (!files.file) throw unprocessable('messaging.no_file');
        return storeUpload(ctx, viewer.id, {
          file: files.file,
          thumbnail: files.thumbnail,
          ...parseAttributes(fields),
        });
      });
    };
    scope.post('/api/v1/media', scopes('write:media'), upload);
    scope.post('/api/v2/media', scopes('write:media'), upload);

    // Mastodon asks for write:media here too: these calls belong to composing
    scope.get('/api/v1/media/:id', scopes('write:media'), async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      return serializeMedia(ctx.config, await findUnattachedUpload(ctx, viewer.id, id));
    });

    scope.put('/api/v1/media/:id', scopes('write:media'), async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      if (!request.isMultipart()) return updateUpload(ctx, viewer.id, id, parseAttributes(request.body));
      // a new thumbnail only: the file itself does not change
      const rules = { thumbnail: uploadRules.thumbnail };
      return withForm(request, viewer.id, rules, async ({ files, fields }) =>
        updateUpload(ctx, viewer.id, id, { ...parseAttributes(fields), thumbnail: files.thumbnail }),
      );
    });
  });
  if (storage instanceof S3MediaStorage) return registerBucketFiles(app, ctx, storage);
  if (!localRoot) return;
  fs.mkdirSync(localRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: localRoot,
    prefix: '/system/',
    decorateReply: false,
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header('content-security-policy', MEDIA_POLICY);
      // encrypted chat files: opaque bytes that a remote member's browser fetches (e2ee/media.ts)
      if (isEncryptedMediaPath(localRoot, filePath))
        reply.header('access-control-allow-origin', '*').header('content-type', 'application/octet-stream');
    },
  });
}
