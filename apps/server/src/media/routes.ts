import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { MessagingText } from '@palchat/api';
import { requireAccount, requireBearerAccount } from '../auth/viewer.js';
import { MEDIA_POLICY } from '../http/security-headers.js';
import type { AppContext } from '../context.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { IMAGE_SIZE_LIMIT, MEDIA_UPLOAD_SIZE_LIMIT } from '../instance/limits.js';
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
  /** Mastodon's `thumbnail`: the client's preview image for a video or an audio file */
  thumbnail: Buffer | null;
  fields: Record<string, string>;
}

/**
 * A file part read whole when it is at most `limit` bytes; past that, the rest is read and dropped (the body
 * goes on) and the answer is null.
 */
async function readUpTo(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

/** The first `file` and `thumbnail` parts and the text fields of a multipart body; other file parts are skipped. */
async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  let file: Buffer | null = null;
  let thumbnail: Buffer | null = null;
  let thumbnailTooLarge = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
        else if (part.fieldname === 'thumbnail' && thumbnail === null && !thumbnailTooLarge) {
          thumbnail = await readUpTo(part.file, IMAGE_SIZE_LIMIT);
          thumbnailTooLarge = thumbnail === null;
        } else part.file.resume();
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
  // the thumbnail is an image: the image size limit applies
  if (thumbnailTooLarge) throw unprocessable(MessagingText.fileTooLarge);
  // an empty file part is what a form sends for a file input left empty
  return { file, thumbnail: thumbnail?.length ? thumbnail : null, fields };
}

const parseAttributes = (body: unknown): MediaAttributesInput => attributesSchema.parse(body ?? {});

/**
 * POST /api/v1/media and /api/v2/media (bearer, multipart `file` with optional `thumbnail`, `description` and
 * `focus`), GET and PUT /api/v1/media/:id (a new `thumbnail` too, when multipart) for the viewer's uploads not
 * attached yet, and the stored files under /system/ when the store is a local folder (a remote store serves
 * its files itself).
 */
export async function registerMedia(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { localRoot } = mediaStorageFor(ctx);
  await app.register(async (scope) => {
    // two files at most: the upload and its thumbnail
    await scope.register(multipart, { limits: { fileSize: MEDIA_UPLOAD_SIZE_LIMIT, files: 2, fields: 10 } });
    const upload = async (request: FastifyRequest) => {
      const viewer = requireBearerAccount(request);
      if (!request.isMultipart()) throw unprocessable(MessagingText.noFile);
      const { file, thumbnail, fields } = await readMultipart(request);
      if (!file || file.length === 0) throw unprocessable(MessagingText.noFile);
      return storeUpload(ctx, viewer.id, { data: file, thumbnail, ...parseAttributes(fields) });
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
      const { thumbnail, fields } = await readMultipart(request);
      return updateUpload(ctx, viewer.id, id, { ...parseAttributes(fields), thumbnail });
    });
  });
  if (!localRoot) return;
  fs.mkdirSync(localRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: localRoot,
    prefix: '/system/',
    decorateReply: false,
    index: false,
    setHeaders: (reply) => void reply.header('content-security-policy', MEDIA_POLICY),
  });
}
