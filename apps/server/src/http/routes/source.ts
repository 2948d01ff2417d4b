import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { INSTALLATION_ROOT, SOURCE_TARBALL_PATH } from '../../instance/source-code.js';
import { SOURCE_TARBALL_FOLDER, sourceTarballOnce } from '../../instance/source-tarball.js';

/** Whether an If-None-Match header names the current tarball (weak comparison, as RFC 9110 asks). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The AGPL's offer of the Corresponding Source: `GET /source.tar.gz`, a gzip tarball of the files this
 * installation runs (instance/source-files.ts says which), for anyone; HEAD answers its length without a body.
 */
export function registerSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { dataDir, mediaDir, uploads, webDistDir } = ctx.config;
  const tarball = sourceTarballOnce({
    root: INSTALLATION_ROOT,
    excludedDirs: [dataDir, mediaDir, uploads.tmpDir, webDistDir],
  });
  app.get(SOURCE_TARBALL_PATH, publicRoute, async (request, reply) => {
    const { body, etag } = await tarball();
    // the same until the server restarts on other files: caches keep it an hour, then revalidate
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('etag', etag)
      .header('content-disposition', `attachment; filename="${SOURCE_TARBALL_FOLDER}.tar.gz"`);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/gzip').send(body);
  });
}
