import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { $ZodError as ZodError } from 'zod/v4/core';
import type { AppContext } from '../context.js';
import { CsrfTokens } from '../auth/csrf.js';
import authPlugin, { cookieSecurityOf } from '../auth/plugin.js';
import { forgetExpiredKeys } from '../db/idempotency.js';
import { installFederation } from '../federation/install.js';
import { subscribeDomainHandlers } from '../domain-subscribers.js';
import { DomainEvents } from '../events/domain-events.js';
import { runPeriodically } from '../lib/periodic.js';
import rateLimitPlugin from '../rate-limits/plugin.js';
import { loadSecretKeyBase } from '../settings/secret-key.js';
import { ApiError } from './errors.js';
import { formatMessage, type MessageLike } from '../i18n/format.js';
import { negotiateLocale } from '../i18n/locales.js';
import { requestLocale } from '../i18n/request-locale.js';
import { describeZodError } from '../i18n/zod-issues.js';
import { parseFormBody } from './form-params.js';
import { trustProxyOption } from './trusted-proxies.js';
import { registerUnreadBodyDrain } from './unread-body.js';
import { isStorageFull } from './storage-full.js';
import { withoutTrailingSlash } from './trailing-slash.js';
import { registerDomainRoutes } from './routes/index.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerCors } from './cors.js';
import { registerTurnScheduling } from '../hot-path/index.js';
import { databaseOutage, isDatabaseUnavailable } from '../db/unavailable.js';

/** what a 503 for a lost database tells clients to wait: about a reconnection attempt's time */
const DATABASE_RETRY_AFTER_S = 5;

export interface BuildAppOptions {
  /** `stream`: where the log lines go (a test reading the log) instead of standard output */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** A text in the browser's language, where the account's cannot be read (no database, no route). */
const browserText = (request: FastifyRequest, text: MessageLike): string =>
  formatMessage(negotiateLocale(request.headers['accept-language']), text);

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(ctx.config),
    bodyLimit: 2 * 1024 * 1024,
    rewriteUrl: (request) => withoutTrailingSlash(request.url ?? '/'),
  });

  registerTurnScheduling(app, ctx.config.requestSliceMs);
  registerSecurityHeaders(app);
  registerCors(app);
  registerUnreadBodyDrain(app);
  // before every other onRequest hook: inbox POSTs carry no session and must reach Fedify unparsed
  installFederation(app, ctx);
  subscribeDomainHandlers(
    (ctx.events ??= new DomainEvents((error, event) =>
      app.log.warn({ err: error }, `a ${event.type} subscriber failed`),
    )),
  );
  app.setErrorHandler(async (error: FastifyError | ApiError | ZodError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      databaseOutage.failed(error);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: browserText(request, 'http.database_unavailable'), code: 'database_unavailable' });
    }
    const locale = await requestLocale(ctx.db, request);
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({
        error: formatMessage(locale, error.text),
        ...(error.code ? { code: error.code } : {}),
        ...error.details,
      });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send({ error: describeZodError(error, locale), code: 'validation_failed' });
    }
    if (isStorageFull(error)) {
      request.log.error(error);
      return reply.status(507).send({ error: formatMessage(locale, 'http.storage_full') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ error: formatMessage(locale, 'http.internal_error') });
    }
    // Fastify's own refusals (a body too large, a malformed JSON body): texts for developers, in English
    return reply.status(status).send({ error: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: browserText(request, 'http.not_found') });
  });

  // API answers (a home timeline page is ~30 KB of JSON) go compressed; the web client's files are already
  // pre-compressed and carry their Content-Encoding, which the plugin leaves alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(formbody, { parser: parseFormBody });
  const secretKeyBase = await loadSecretKeyBase(ctx.db, ctx.config.secretKeyBase);
  const csrf = new CsrfTokens(secretKeyBase, cookieSecurityOf(ctx.config));
  await app.register(authPlugin, { db: ctx.db, csrf, ownOrigin: new URL(ctx.config.publicUrl).origin });
  await app.register(rateLimitPlugin, { config: ctx.config });
  await registerDomainRoutes(app, ctx);
  runPeriodically(app, 'idempotency key sweep', 10 * 60_000, () => forgetExpiredKeys(ctx.db));
  return app;
}
