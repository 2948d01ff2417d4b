import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Application } from '@palchat/api';
import type { AppContext } from '../../context.js';
import { ApiError, forbidden, unauthorized } from '../../http/errors.js';
import { readMultipartForm, registerMultipart } from '../../http/multipart.js';
import { getServerSettings } from '../../settings/service.js';
import { documentHeaders } from '../../http/security-headers.js';
import {
  authorizePagePolicy,
  renderCodePage,
  renderConsentPage,
  renderMessagePage,
} from '../authorize-page.js';
import {
  AuthorizationRefused,
  checkAuthorizationRequest,
  createApp,
  createAuthorizationCode,
  exchangeToken,
  issueToken,
  OOB_REDIRECT_URI,
  redirectWith,
  revokeToken,
  serializeApplication,
} from '../oauth-service.js';
import { RegistrationInvalid, registerAccount } from '../registration.js';
import { WEB_SCOPES } from '../sessions.js';
import { publicRoute, scopes } from '../route-scopes.js';
import { oauthServerMetadata } from '../oauth-metadata.js';
import { requireAccount } from '../viewer.js';
import { accountUrl } from '../../accounts/serializer.js';
import { avatarUrl } from '../../accounts/media-urls.js';
import { vapidKeys } from '../../push/vapid.js';
import { findOAuthApp } from '../store.js';
import { formatMessage } from '../../i18n/format.js';
import { requestLocale, withBrowserLocale } from '../../i18n/request-locale.js';

const paramsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Client credentials may also come as HTTP Basic (RFC 6749 §2.3.1). */
function withBasicCredentials(
  request: FastifyRequest,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return body;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator === -1) return body;
  return {
    ...body,
    client_id: decodeURIComponent(decoded.slice(0, separator)),
    client_secret: decodeURIComponent(decoded.slice(separator + 1)),
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string, policy = authorizePagePolicy()) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .headers(documentHeaders(policy))
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Mastodon-compatible OAuth 2 for third-party clients, plus the app-token registration API. */
export async function registerOAuthRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  await root.register(async (app) => {
    // Mastodon clients (masto.js among them) send some of these forms as multipart/form-data
    await registerMultipart(app, { files: 0, fields: 50, fieldSize: 64 * 1024 });
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart())
        request.body = (await readMultipartForm(request, ctx.config.uploads.tmpDir)).fields;
    });
    defineOAuthRoutes(app, ctx);
  });
}

function defineOAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/.well-known/oauth-authorization-server', publicRoute, async () =>
    oauthServerMetadata(ctx.config),
  );

  // OpenID Connect-style claims about the token's account (Mastodon 4.4; the `profile` scope is enough)
  const userinfo = async (request: FastifyRequest) => {
    const account = requireAccount(request);
    return {
      iss: `${ctx.config.publicUrl}/`,
      sub: `${ctx.config.publicUrl}/users/${account.username}`,
      name: account.display_name,
      preferred_username: account.username,
      profile: accountUrl(ctx, account),
      picture: avatarUrl(ctx.config, account),
    };
  };
  app.get('/oauth/userinfo', scopes('profile'), userinfo);
  app.post('/oauth/userinfo', scopes('profile'), userinfo);

  app.post('/api/v1/apps', publicRoute, async (request) => {
    const created = await createApp(ctx.db, paramsOf(request.body));
    return serializeApplication(created, true, (await vapidKeys(ctx.db)).publicKey);
  });

  app.get('/api/v1/apps/verify_credentials', publicRoute, async (request): Promise<Application> => {
    const viewer = request.viewer;
    if (viewer?.via !== 'bearer') throw unauthorized('auth.token_invalid');
    if (viewer.appId) {
      const row = await findOAuthApp(ctx.db, viewer.appId);
      if (row) return serializeApplication(row, false, (await vapidKeys(ctx.db)).publicKey);
    }
    // the web client's own session token
    return { name: 'Web', website: null, scopes: WEB_SCOPES.split(' '), redirect_uri: '', redirect_uris: [] };
  });

  const authorizeContext = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: Record<string, unknown>,
  ) => {
    const settings = await getServerSettings(ctx.db);
    const locale = await requestLocale(ctx.db, request);
    try {
      return { settings, locale, authorization: await checkAuthorizationRequest(ctx.db, params) };
    } catch (error) {
      if (error instanceof AuthorizationRefused) {
        const text = formatMessage(locale, error.text);
        void sendHtml(reply, 400, renderMessagePage(locale, settings.site_title, 'oauth.error_title', text));
        return null;
      }
      throw error;
    }
  };

  app.get('/oauth/authorize', async (request, reply) => {
    const found = await authorizeContext(request, reply, paramsOf(request.query));
    if (!found) return reply;
    const account = request.viewer?.via === 'cookie' ? request.viewer.account : null;
    if (!account) return reply.redirect(`/auth/sign_in?redirect_to=${encodeURIComponent(request.url)}`);
    if (account.disabled || !account.approved) {
      return sendHtml(
        reply,
        403,
        renderMessagePage(
          found.locale,
          found.settings.site_title,
          'oauth.unavailable_title',
          formatMessage(found.locale, 'oauth.login_disabled'),
        ),
      );
    }
    const csrfToken = request.server.csrfTokens.issue(request, reply);
    const { redirectUri } = found.authorization;
    return sendHtml(
      reply,
      200,
      renderConsentPage({
        locale: found.locale,
        siteTitle: found.settings.site_title,
        username: account.username,
        request: found.authorization,
        csrfToken,
      }),
      authorizePagePolicy(redirectUri === OOB_REDIRECT_URI ? null : redirectUri),
    );
  });

  // Reached from the consent form; the auth plugin has already checked its CSRF token.
  app.post('/oauth/authorize', async (request, reply) => {
    const body = paramsOf(request.body);
    const found = await authorizeContext(request, reply, body);
    if (!found) return reply;
    const account = request.viewer?.via === 'cookie' ? request.viewer.account : null;
    if (!account || account.disabled || !account.approved) {
      throw new ApiError(401, 'auth.sign_in_first');
    }
    const { authorization, settings, locale } = found;
    if (body.decision !== 'authorize') {
      if (authorization.redirectUri === OOB_REDIRECT_URI) {
        return sendHtml(
          reply,
          200,
          renderMessagePage(
            locale,
            settings.site_title,
            'oauth.denied_title',
            formatMessage(locale, 'oauth.denied'),
          ),
        );
      }
      return reply.redirect(
        redirectWith(authorization.redirectUri, {
          error: 'access_denied',
          error_description: 'The resource owner or authorization server denied the request.',
          state: authorization.state,
        }),
      );
    }
    const code = await createAuthorizationCode(ctx.db, authorization, account.id);
    if (authorization.redirectUri === OOB_REDIRECT_URI) {
      return sendHtml(reply, 200, renderCodePage(locale, settings.site_title, authorization.app.name, code));
    }
    return reply.redirect(redirectWith(authorization.redirectUri, { code, state: authorization.state }));
  });

  app.post('/oauth/token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return exchangeToken(ctx.db, withBasicCredentials(request, paramsOf(request.body)));
  });

  app.post('/oauth/revoke', async (request) => {
    await revokeToken(ctx, withBasicCredentials(request, paramsOf(request.body)));
    return {};
  });

  // Mastodon's registration API: an app's token creates an account and gets that account's token.
  app.post('/api/v1/accounts', scopes('write:accounts'), async (request) => {
    // as Mastodon: any token of an app with write:accounts (an app token, or a signed-in user's)
    const viewer = request.viewer;
    if (viewer?.via !== 'bearer') throw unauthorized('auth.app_token_required');
    if (!viewer.appId) throw forbidden('auth.registered_app_required');
    const settings = await getServerSettings(ctx.db);
    try {
      const { account } = await registerAccount(ctx.db, withBrowserLocale(request, paramsOf(request.body)), {
        mode: settings.registrations_mode,
        requireConfirmation: false,
        ip: request.ip,
        appId: viewer.appId,
      });
      const issued = await issueToken(ctx.db, {
        appId: viewer.appId,
        accountId: account.id,
        scopes: viewer.scopes,
      });
      return issued.entity;
    } catch (error) {
      if (error instanceof RegistrationInvalid) throw error.toMastodonError();
      throw error;
    }
  });
}
