import net from 'node:net';

/**
 * Which addresses the server may connect to on behalf of others (link previews, federation, Web Push): public
 * ones only, unless the configuration allows private addresses (servers under test on loopback) or names a few.
 */

export interface AddressPolicyOptions {
  /** every private address may be reached (FEDERATION_ALLOW_PRIVATE_ADDRESSES) */
  allowAnyPrivateAddress?: boolean | undefined;
  /** private addresses that may be reached all the same (ALLOWED_PRIVATE_ADDRESSES) */
  allowedPrivateAddresses?: readonly string[] | undefined;
}

const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const REFUSED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // v4-mapped: the v4 address is judged instead (see below)
  ['64:ff9b::', 96], // NAT64 reaches v4 addresses
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds a v4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// two lists: a BlockList matches v4 addresses against v4-mapped v6 subnets too (::ffff:0:0/96 would refuse all)
const refusedV4 = new net.BlockList();
for (const [address, prefix] of REFUSED_V4) refusedV4.addSubnet(address, prefix, 'ipv4');
const refusedV6 = new net.BlockList();
for (const [address, prefix] of REFUSED_V6) refusedV6.addSubnet(address, prefix, 'ipv6');

/** The v4 address inside a v4-mapped v6 one (::ffff:127.0.0.1 or ::ffff:7f00:1), else null. */
function mappedV4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (net.isIPv4(rest)) return rest;
  const words = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!words) return null;
  const [high, low] = [Number.parseInt(words[1]!, 16), Number.parseInt(words[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether `address` (an IP literal) is private, reserved or otherwise not a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return refusedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = mappedV4(bare);
  if (v4) return refusedV4.check(v4, 'ipv4');
  return refusedV6.check(bare, 'ipv6');
}

/** A check of one IP literal against the options: true when it may be connected to. */
export type AddressCheck = (address: string) => boolean;

export function addressPolicy(options: AddressPolicyOptions): AddressCheck {
  if (options.allowAnyPrivateAddress) return () => true;
  const allowed = new Set(options.allowedPrivateAddresses ?? []);
  return (address) => !isPrivateAddress(address) || allowed.has(address.replace(/^\[|\]$/g, ''));
}
