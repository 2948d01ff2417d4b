import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { userSettingsPatchSchema, type InitialState } from '@palchat/api';
import type { AppContext } from '../context.js';
import { requireAccount } from '../auth/viewer.js';
import { AssetFiles, codingFor } from './asset-files.js';
import { buildInitialState } from './initial-state.js';
import { documentHeaders } from '../http/security-headers.js';
import { applyLocale, applyTheme, injectInitialState, injectIntoHead, readIndexHtml } from './page.js';
import { pagePolicy } from './page-policy.js';
import { catalogueScript } from './page-catalogue.js';
import { preloadLinks, readRoutePreloads } from './preloads.js';
import { loadUserSettings, updateUserSettings } from './user-settings.js';

/** Paths that belong to the server, never to the client's router. */
const SERVER_PREFIXES = ['/api/', '/oauth/', '/system/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The web client is not built: run npm run build';

/** The file under the dist folder that a URL path names, if it exists (never outside the folder). */
async function staticFileFor(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = path.normalize(decoded).replace(/^[/\\]+/, '');
  if (!relative || relative === 'index.html') return null;
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) return null;
  const stat = await fs.stat(full).catch(() => null);
  return stat?.isFile() ? relative : null;
}

/** The page's <html> element for the reader: their theme and language. */
function pageShell(html: string, state: InitialState): string {
  return applyLocale(applyTheme(html, state.settings.theme), state.settings.locale);
}

async function sendPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const index = await readIndexHtml(ctx.config.webDistDir);
  if (index === null) {
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(NOT_BUILT);
  }
  const state = await buildInitialState(ctx, request, reply);
  const urlPath = request.url.split('?', 1)[0] ?? '/';
  const preloads = await readRoutePreloads(ctx.config.webDistDir);
  const hints = preloadLinks(preloads, urlPath, {
    signedIn: state.identity.signedIn,
    publicTimelinesVisible: state.server.publicTimelinesVisible,
    locale: state.settings.locale,
  });
  const head = hints + catalogueScript(preloads, state.settings.locale);
  return reply
    .status(200)
    .header('cache-control', 'no-cache, no-store')
    .headers(documentHeaders(pagePolicy(ctx.config, index.inlineStyleHashes)))
    .type('text/html; charset=utf-8')
    .header('vary', 'accept-language')
    .send(injectIntoHead(injectInitialState(pageShell(index.html, state), state), head));
}

/** The built client: hashed assets cached for a year, other files revalidated, every client route → the page. */
async function registerClientRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = path.resolve(ctx.config.webDistDir);
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      serve: false,
      // the build writes .br/.gz twins (apps/web/build/precompress.ts); sent when the browser accepts them
      preCompressed: true,
      decorateReply: !scope.hasReplyDecorator('sendFile'),
    });

    // hashed assets: from memory, without waiting for a turn or looking up who asks (never a page)
    const assetsRoot = path.join(root, 'assets');
    const assets = new AssetFiles(assetsRoot);
    scope.get('/assets/*', { config: { light: true, anonymous: true } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const kept = await assets.get(name);
      if (!kept) {
        // a file in a subfolder, or too large to keep
        const file = await staticFileFor(assetsRoot, `/${name}`);
        if (!file) return reply.callNotFound();
        return reply.header('cache-control', IMMUTABLE).sendFile(file, assetsRoot, { cacheControl: false });
      }
      const coding = codingFor(kept, request.headers['accept-encoding']);
      reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding').type(kept.type);
      if (coding !== 'identity') reply.header('content-encoding', coding);
      return reply.send(coding === 'identity' ? kept.identity : kept[coding]);
    });

    scope.get('/*', async (request, reply) => {
      const urlPath = request.url.split('?', 1)[0] ?? '/';
      if (SERVER_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) return reply.callNotFound();
      const file = await staticFileFor(root, urlPath);
      if (file)
        return reply.header('cache-control', 'no-cache').sendFile(file, root, { cacheControl: false });
      return sendPage(ctx, request, reply);
    });
  });
}

/** The web client's own settings (layout, columns, introduction seen, reading), with the cookie or the page's token. */
function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/web/settings', async (request) => loadUserSettings(ctx.db, requireAccount(request).id));
  app.put('/api/web/settings', async (request) => {
    const account = requireAccount(request);
    const patch = userSettingsPatchSchema.parse(request.body ?? {});
    return updateUserSettings(ctx.db, account.id, patch);
  });
}

export async function registerWebRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSettingsRoutes(app, ctx);
  await registerClientRoutes(app, ctx);
}
