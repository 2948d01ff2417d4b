import type { Config } from '../config.js';
import { SUPPORTED_SCOPES } from './oauth-scopes.js';

/**
 * RFC 8414 authorization server metadata, as Mastodon 4.4 publishes it at /.well-known/oauth-authorization-server.
 * The password grant is not offered (Mastodon removed it in 4.4; /oauth/token answers unsupported_grant_type), and
 * codes come back only in the redirect's query.
 */
export function oauthServerMetadata(config: Pick<Config, 'publicUrl'>) {
  const url = (path: string) => `${config.publicUrl}${path}`;
  return {
    issuer: url('/'),
    service_documentation: 'https://docs.joinmastodon.org/',
    authorization_endpoint: url('/oauth/authorize'),
    token_endpoint: url('/oauth/token'),
    app_registration_endpoint: url('/api/v1/apps'),
    revocation_endpoint: url('/oauth/revoke'),
    userinfo_endpoint: url('/oauth/userinfo'),
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  };
}
