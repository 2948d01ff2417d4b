import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { E2EE_MEDIA_FOLDER } from '../e2ee/media-paths.js';
import { notFound } from '../http/errors.js';
import { MEDIA_POLICY } from '../http/security-headers.js';
import { checkMediaKey } from './keys.js';
import type { S3MediaStorage } from './s3-storage.js';
import { storedFileUrl } from './urls.js';

const keyOf = (params: unknown): string | null => {
  const key = (params as { '*'?: string })['*'] ?? '';
  try {
    return checkMediaKey(key);
  } catch {
    return null;
  }
};

/**
 * GET /system/<key> with MEDIA_STORAGE=s3. With S3_PUBLIC_URL the files' URLs point at the bucket (or its CDN)
 * and an older /system/ URL (one a remote server kept, one from before `media migrate-to-s3`) is redirected
 * there for good; without it, this server streams the file from the bucket, ranges and revalidations
 * included, with the headers a local file gets (media/routes.ts).
 */
export function registerBucketFiles(app: FastifyInstance, ctx: AppContext, storage: S3MediaStorage): void {
  app.get('/system/*', publicRoute, async (request, reply) => {
    const key = keyOf(request.params);
    if (!key) throw notFound();
    if (ctx.config.s3?.publicUrl) return reply.redirect(storedFileUrl(ctx.config, key), 301);
    const file = await storage.open(key, {
      range: request.headers.range,
      ifNoneMatch: request.headers['if-none-match'],
    });
    if (!file) throw notFound();
    reply.code(file.status).headers(file.headers).header('content-security-policy', MEDIA_POLICY);
    // encrypted chat files: opaque bytes that a remote member's browser fetches (e2ee/media.ts)
    if (key.startsWith(`${E2EE_MEDIA_FOLDER}/`))
      reply.header('access-control-allow-origin', '*').header('content-type', 'application/octet-stream');
    // HEAD: the headers only, and the bucket's connection back to its pool
    if (request.method === 'HEAD') file.body?.destroy();
    return reply.send(request.method === 'HEAD' ? '' : (file.body ?? ''));
  });
}
