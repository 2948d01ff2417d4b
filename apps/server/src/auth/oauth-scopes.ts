import { formatMessage, message } from '../i18n/format.js';
import type { ServerLocale } from '../i18n/locales.js';
import type { MessageId } from '../i18n/messages/en.js';

/** Mastodon's OAuth scopes: top-level ones and granular `read:statuses`-style children. */
const SCOPE_PATTERN =
  /^(?:(?:read|write)(?::[a-z_]+)?|follow|push|profile|admin:(?:read|write)(?::[a-z_]+)?)$/;

export const DEFAULT_SCOPES = ['read'];

export function parseScopes(value: unknown): string[] | null {
  const raw = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  const scopes = [...new Set(raw.split(/[\s+]+/).filter(Boolean))];
  if (scopes.length === 0) return DEFAULT_SCOPES;
  return scopes.every((scope) => SCOPE_PATTERN.test(scope)) ? scopes : null;
}

/** `read` grants `read:statuses`; `admin:read` grants `admin:read:accounts`. */
export function scopeGranted(granted: readonly string[], wanted: string): boolean {
  if (granted.includes(wanted)) return true;
  const parts = wanted.split(':');
  for (let length = parts.length - 1; length > 0; length -= 1) {
    if (granted.includes(parts.slice(0, length).join(':'))) return true;
  }
  return false;
}

/** Whether every scope in `wanted` is covered by `granted`. */
export function scopesWithin(granted: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((scope) => scopeGranted(granted, scope));
}

const TOP_LEVEL_DESCRIPTIONS: Record<string, MessageId> = {
  read: 'oauth.scope.read',
  write: 'oauth.scope.write',
  follow: 'oauth.scope.follow',
  push: 'oauth.scope.push',
  profile: 'oauth.scope.profile',
  'admin:read': 'oauth.scope.admin_read',
  'admin:write': 'oauth.scope.admin_write',
};

/** A human sentence for the consent page, in `locale`. */
export function describeScope(locale: ServerLocale, scope: string): string {
  const known = TOP_LEVEL_DESCRIPTIONS[scope];
  if (known) return formatMessage(locale, known);
  const parts = scope.split(':');
  const subject = (parts[parts.length - 1] ?? scope).replace(/_/g, ' ');
  const writes = parts.includes('write');
  const id: MessageId =
    parts[0] === 'admin'
      ? writes
        ? 'oauth.scope.admin_write_of'
        : 'oauth.scope.admin_read_of'
      : writes
        ? 'oauth.scope.write_own'
        : 'oauth.scope.read_own';
  return formatMessage(locale, message(id, { subject }));
}

const GRANULAR_READ = [
  'accounts',
  'blocks',
  'bookmarks',
  'collections',
  'favourites',
  'filters',
  'follows',
  'lists',
  'mutes',
  'notifications',
  'search',
  'statuses',
];
const GRANULAR_WRITE = [
  'accounts',
  'blocks',
  'bookmarks',
  'collections',
  'conversations',
  'favourites',
  'filters',
  'follows',
  'lists',
  'media',
  'mutes',
  'notifications',
  'reports',
  'statuses',
];
const GRANULAR_ADMIN = [
  'accounts',
  'reports',
  'domain_allows',
  'domain_blocks',
  'ip_blocks',
  'email_domain_blocks',
  'canonical_email_blocks',
];

/** The scopes an app may ask for, as Mastodon lists them (the OAuth metadata's scopes_supported). */
export const SUPPORTED_SCOPES: readonly string[] = [
  'read',
  'write',
  'follow',
  'push',
  'profile',
  ...GRANULAR_READ.map((name) => `read:${name}`),
  ...GRANULAR_WRITE.map((name) => `write:${name}`),
  'admin:read',
  ...GRANULAR_ADMIN.map((name) => `admin:read:${name}`),
  'admin:write',
  ...GRANULAR_ADMIN.map((name) => `admin:write:${name}`),
];
