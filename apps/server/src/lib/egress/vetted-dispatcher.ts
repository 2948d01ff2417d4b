import dns from 'node:dns/promises';
import net from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { addressPolicy, type AddressPolicyOptions } from './address-policy.js';

/**
 * An undici dispatcher that connects only to addresses it has checked: the name is resolved once, every
 * address it stands for is checked, and the socket is handed exactly those addresses. Checking a name and then
 * letting fetch() resolve it again would let a name answer a public address first and 127.0.0.1 next (DNS
 * rebinding).
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests give their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface VettedDispatcherOptions extends AddressPolicyOptions {
  resolve?: Resolver | undefined;
}

export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which may not be reached`);
    this.name = 'RefusedAddressError';
  }
}

// dns.lookup is read at each call so that tests can stand in for the system resolver
const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: Error | null, address: string | ResolvedAddress[], family?: number) => void;

/** A `net.connect` lookup hook answering only vetted addresses. */
export function vettedLookup(options: VettedDispatcherOptions) {
  const mayConnect = addressPolicy(options);
  const resolve = options.resolve ?? systemResolver;
  return (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new Error(`${hostname} has no address`);
        const refused = addresses.find(({ address }) => !mayConnect(address));
        if (refused) throw new RefusedAddressError(hostname, refused.address);
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: Error) => callback(error, ''));
  };
}

/**
 * An Agent whose every connection goes to a vetted address (IP literals in URLs are checked too); `agent` sets
 * its pools' other options (time limits, keep-alive).
 */
export function createVettedDispatcher(
  options: VettedDispatcherOptions,
  agent: Omit<Agent.Options, 'connect'> = {},
): Dispatcher {
  const mayConnect = addressPolicy(options);
  const connectVetted = buildConnector({ lookup: vettedLookup(options) });
  return new Agent({
    ...agent,
    connect: (connectOptions, callback) => {
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
      // net.connect does not look IP literals up: they are checked here
      if (net.isIP(host) && !mayConnect(host)) {
        callback(new RefusedAddressError(host, host), null);
        return;
      }
      connectVetted(connectOptions, callback);
    },
  });
}

const shared = new Map<string, Dispatcher>();

/** One dispatcher (and connection pool) per policy, for callers using the system resolver. */
export function vettedDispatcher(options: VettedDispatcherOptions): Dispatcher {
  if (options.resolve) return createVettedDispatcher(options);
  const key = JSON.stringify([
    Boolean(options.allowAnyPrivateAddress),
    [...(options.allowedPrivateAddresses ?? [])].sort(),
  ]);
  let dispatcher = shared.get(key);
  if (!dispatcher) {
    dispatcher = createVettedDispatcher(options);
    shared.set(key, dispatcher);
  }
  return dispatcher;
}
