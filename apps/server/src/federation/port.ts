import type { AppContext } from '../context.js';
import type { FederationPort } from '../federation-port.js';
import { claimRemoteKeyPackages, encryptionSupport } from './e2ee/port.js';
import { requestMissingCopies } from './media-cache-requests.js';
import { requestAncestors, requestOutboxBackfill } from './outgoing/backfill.js';
import { resolveNewRemoteMentions } from './outgoing/mentions.js';
import { resolveQuery, resolveRemoteAccount } from './outgoing/resolve.js';
import { bindRuntime, type FederationRuntime } from './runtime.js';

/**
 * Federation's side of the port the domains know (federation-port.ts), over Fedify's `runtime`: put on
 * `ctx.federation` when federation starts (the app, or `npm run worker`).
 */
export function installFederationPort(ctx: AppContext, runtime: FederationRuntime): FederationPort {
  const port: FederationPort = {
    resolveAccount: (acct, options) => resolveRemoteAccount(ctx, acct, options),
    resolveQuery: (query) => resolveQuery(ctx, query),
    resolveNewMentions: (text) => resolveNewRemoteMentions(ctx, text),
    requestAncestors: (status) => requestAncestors(ctx, status),
    requestOutboxBackfill: (account) => requestOutboxBackfill(ctx, account),
    requestMissingMediaCopies: (statuses) => requestMissingCopies(ctx, statuses),
    encryptionSupport: (accountIds) => encryptionSupport(ctx, accountIds),
    claimRemoteKeyPackages: (accountIds) => claimRemoteKeyPackages(ctx, accountIds),
  };
  bindRuntime(port, runtime);
  ctx.federation = port;
  return port;
}
