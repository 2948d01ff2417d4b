import net from 'node:net';

/**
 * The proxies trusted by default (Rails' and so Mastodon's): loopback and the private ranges, where a reverse
 * proxy in front of the server usually sits.
 */
export const DEFAULT_TRUSTED_PROXIES = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
];

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXY_IP as Mastodon reads it: IPs and CIDR ranges separated by commas and/or spaces; unset or empty
 * means the defaults.
 */
export function trustedProxiesFromEnv(value: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return DEFAULT_TRUSTED_PROXIES;
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new Error(`TRUSTED_PROXY_IP must list IP addresses or CIDR ranges, got "${invalid.join('", "')}"`);
  }
  return entries;
}

/**
 * Fastify's trustProxy option. Given a list, Fastify (proxy-addr) walks X-Forwarded-For from the right while the
 * hop it came from is a trusted proxy, so the client's address is the right-most one no trusted proxy vouches
 * for. `true` would trust every hop and take the left-most address, which the client writes itself.
 */
export function trustProxyOption(config: {
  trustProxy: boolean;
  trustedProxies: string[];
}): false | string[] {
  return config.trustProxy ? config.trustedProxies : false;
}
