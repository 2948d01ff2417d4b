import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { MessagingText } from '@palchat/api';
import { requireAccount, requireBearerAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { MEDIA_UPLOAD_SIZE_LIMIT } from '../instance/limits.js';
import type { MediaAttributesInput } from './attributes.js';
import { serializeMedia } from './serializer.js';
import { findUnattachedUpload, storeUpload, updateUpload } from './service.js';
import { mediaStorageFor } from './storage.js';
import { scopes } from '../auth/route-scopes.js';

const idParams = z.object({ id: z.string() });

/** The text fields a client may send with an upload or an update (JSON, form or multipart alike). */
const attributesSchema = z.object({
  description: z.string().nullable().optional(),
  focus: z.string().nullable().optional(),
});

interface MultipartForm {
  file: Buffer | null;
  fields: Record<string, string>;
}

/** The first `file` part and the text fields of a multipart body; other file parts are skipped. */
async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, MessagingText.fileTooLarge);
    }
    throw error;
  }
  return { file, fields };
}

const parseAttributes = (body: unknown): MediaAttributesInput => attributesSchema.parse(body ?? {});

/**
 * POST /api/v1/media and /api/v2/media (bearer, multipart `file` with optional `description` and `focus`),
 * GET and PUT /api/v1/media/:id for the viewer's uploads not attached yet, and the stored files under /system/
 * when the store is a local folder (a remote store serves its files itself).
 */
export async function registerMedia(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { localRoot } = mediaStorageFor(ctx);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MEDIA_UPLOAD_SIZE_LIMIT, files: 1, fields: 10 } });
    const upload = async (request: FastifyRequest) => {
      const viewer = requireBearerAccount(request);
      if (!request.isMultipart()) throw unprocessable(MessagingText.noFile);
      const { file, fields } = await readMultipart(request);
      if (!file || file.length === 0) throw unprocessable(MessagingText.noFile);
      return storeUpload(ctx, viewer.id, { data: file, ...parseAttributes(fields) });
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
      const body = request.isMultipart() ? (await readMultipart(request)).fields : request.body;
      return updateUpload(ctx, viewer.id, id, parseAttributes(body));
    });
  });
  if (!localRoot) return;
  fs.mkdirSync(localRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: localRoot,
    prefix: '/system/',
    decorateReply: false,
    index: false,
  });
}
