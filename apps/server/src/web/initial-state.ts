import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  bestLocale,
  type Identity,
  type InitialState,
  type ServerFlags,
} from '@palchat/api';
import type { AppContext } from '../context.js';
import { serializeCredentialAccount } from '../accounts/serializer.js';
import { permissionsOf } from '../auth/permissions.js';
import { SESSION_COOKIE } from '../auth/plugin.js';
import { webAccessToken } from '../auth/sessions.js';
import type { AccountRow } from '../auth/viewer.js';
import { INSTANCE_VERSION, STATUS_MAX_MEDIA_ATTACHMENTS } from '../instance/limits.js';
import { buildInstance } from '../instance/service.js';
import type { ServerSettings } from '../settings/schema.js';
import { getServerSettings } from '../settings/service.js';
import { loadUserSettings, signedOutSettings } from './user-settings.js';

export const SIGNED_OUT_IDENTITY: Identity = {
  signedIn: false,
  accountId: null,
  username: null,
  permissions: 0,
  disabledAccountId: null,
  movedToAccountId: null,
};

export function identityOf(account: AccountRow): Identity {
  return {
    signedIn: true,
    accountId: account.id,
    username: account.username,
    permissions: permissionsOf(account),
    disabledAccountId: account.disabled ? account.id : null,
    movedToAccountId: account.moved_to_account_id,
  };
}

export function serverFlagsOf(ctx: AppContext, settings: ServerSettings): ServerFlags {
  return {
    domain: ctx.config.localDomain,
    title: settings.site_title,
    version: INSTANCE_VERSION,
    registrationsMode: settings.registrations_mode,
    signUpUrl: '/auth/sign_up',
    ssoRedirect: settings.sso_redirect_url || null,
    singleUserAccount: settings.single_user_mode_username || null,
    explorePageEnabled: settings.explore_enabled,
    publicTimelinesVisible: settings.timeline_preview,
    maxMediaAttachments: STATUS_MAX_MEDIA_ATTACHMENTS,
  };
}

/**
 * What the page tells the client before its first request: who is signed in, their settings and account, the
 * server's information, tokens.
 */
export async function buildInitialState(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<InitialState> {
  const csrfToken = request.server.csrfTokens.issue(request, reply);
  const [serverSettings, instance] = await Promise.all([getServerSettings(ctx.db), buildInstance(ctx)]);
  const server = serverFlagsOf(ctx, serverSettings);
  const viewer = request.viewer;
  const sessionSecret = request.cookies[SESSION_COOKIE];
  if (viewer?.via !== 'cookie' || !viewer.account || !sessionSecret) {
    return {
      identity: SIGNED_OUT_IDENTITY,
      settings: signedOutSettings(bestLocale(acceptedLanguages(request.headers['accept-language']))),
      csrfToken,
      accessToken: null,
      server,
      account: null,
      instance,
    };
  }
  const [settings, account] = await Promise.all([
    loadUserSettings(ctx.db, viewer.account.id),
    serializeCredentialAccount(ctx, viewer.account),
  ]);
  return {
    identity: identityOf(viewer.account),
    settings,
    csrfToken,
    accessToken: webAccessToken(sessionSecret),
    server,
    account,
    instance,
  };
}
