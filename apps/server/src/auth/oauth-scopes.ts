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

const TOP_LEVEL_DESCRIPTIONS: Record<string, string> = {
  read: 'Read all your account data',
  write: 'Modify all your account data',
  follow: 'Modify account relationships',
  push: 'Receive your push notifications',
  profile: 'Read only your account profile information',
  'admin:read': 'Read all data on the server',
  'admin:write': 'Modify all data on the server',
};

/** A human sentence for the consent page. */
export function describeScope(scope: string): string {
  const known = TOP_LEVEL_DESCRIPTIONS[scope];
  if (known) return known;
  const parts = scope.split(':');
  const subject = (parts[parts.length - 1] ?? scope).replace(/_/g, ' ');
  const verb = parts.includes('write') ? 'Modify' : 'Read';
  return parts[0] === 'admin' ? `${verb} ${subject} on the server` : `${verb} your ${subject}`;
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
