import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MessagingText } from '@palchat/api';
import { requireBearerAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { storeUpload, VIDEO_MAX_BYTES } from './service.js';
import { mediaStorageFor } from './storage.js';
import { scopes } from '../auth/route-scopes.js';

async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; description: string | null }> {
  if (!request.isMultipart()) throw unprocessable(MessagingText.noFile);
  let data: Buffer | null = null;
  let description: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && data === null) data = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'description' && typeof part.value === 'string') {
        description = part.value;
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, MessagingText.fileTooLarge);
    }
    throw error;
  }
  if (!data || data.length === 0) throw unprocessable(MessagingText.noFile);
  return { data, description };
}

/**
 * POST /api/v1/media and /api/v2/media (bearer, multipart `file`), and the stored files under /system/ when
 * the store is a local folder (a remote store serves its files itself).
 */
export async function registerMedia(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { localRoot } = mediaStorageFor(ctx);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 10 } });
    const upload = async (request: FastifyRequest) => {
      const viewer = requireBearerAccount(request);
      const { data, description } = await readUpload(request);
      return storeUpload(ctx, viewer.id, { data, description });
    };
    scope.post('/api/v1/media', scopes('write:media'), upload);
    scope.post('/api/v2/media', scopes('write:media'), upload);
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
