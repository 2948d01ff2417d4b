/**
 * Column conventions, the same in every dialect: ids are fixed-width decimal strings (lib/ids.ts), times are
 * ISO-8601 strings, booleans are 0/1 integers, structured values are JSON text.
 */
export type Bool = 0 | 1;

export interface AccountsTable {
  id: string;
  username: string;
  /** lower-cased username: the unique key, so that "Alice" and "alice" cannot both exist */
  username_lower: string;
  display_name: string;
  note: string;
  avatar_path: string | null;
  header_path: string | null;
  bot: Bool;
  locked: Bool;
  discoverable: Bool;
  /** JSON: [{ name, value, verified_at }] */
  fields_json: string;
  role: 'user' | 'moderator' | 'admin';
  disabled: Bool;
  /** pending approval when registrations need approval */
  approved: Bool;
  moved_to_account_id: string | null;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  last_active_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  account_id: string;
  email: string;
  email_lower: string;
  password_hash: string;
  locale: string;
  /** JSON of the web client settings: layout, columns, introduction version seen */
  settings_json: string;
  sign_up_reason: string;
  created_at: string;
  current_sign_in_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the secret kept in the session cookie */
  id: string;
  account_id: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_used_at: string;
}

export interface OAuthAppsTable {
  id: string;
  name: string;
  website: string | null;
  redirect_uris: string;
  scopes: string;
  client_id: string;
  client_secret: string;
  created_at: string;
}

export interface OAuthTokensTable {
  id: string;
  /** sha256 of the bearer token */
  token_hash: string;
  app_id: string | null;
  /** null for client_credentials app tokens */
  account_id: string | null;
  /** the web session this token belongs to; deleted with it */
  session_id: string | null;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface OAuthGrantsTable {
  /** sha256 of the authorization code */
  code_hash: string;
  app_id: string;
  account_id: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
  expires_at: string;
  used: Bool;
}

export interface FollowsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  show_reblogs: Bool;
  notify: Bool;
  created_at: string;
}

export interface FollowRequestsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  created_at: string;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  oauth_apps: OAuthAppsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_grants: OAuthGrantsTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  server_settings: ServerSettingsTable;
}
