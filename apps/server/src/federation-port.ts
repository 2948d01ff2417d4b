import type { AccountRow } from './auth/viewer.js';
import type { StatusesTable } from './db/schema.js';

/** What a search or a lookup resolved on another server: an account, or a status with its author stored. */
export interface RemoteResolution {
  account?: AccountRow;
  status?: StatusesTable;
}

export interface ResolveAccountOptions {
  /** ask its server even when the stored account is fresh (a move reads the target's current alsoKnownAs) */
  refresh?: boolean;
  /** the caller's own time bound over every step (a post waiting on its mentions) */
  deadline?: AbortSignal;
}

/**
 * What the domains ask of other servers and wait for, and nothing more: federation implements it when it starts
 * (federation/port.ts) and puts it on `ctx.federation`; with federation off there is none, and the domains go on
 * with what is stored here. Everything else federation does, it does by subscribing to domain events.
 */
export type RemoteEncryptionSupport = 'supported' | 'server_unsupported' | 'unreachable';

export interface FederationPort {
  /** A remote account by `user@domain`: the stored one while fresh, else asked of its server; null if not found. */
  resolveAccount(acct: string, options?: ResolveAccountOptions): Promise<AccountRow | null>;
  /** A search query (`@user@domain`, a profile or post URL) resolved on its server. */
  resolveQuery(query: string): Promise<RemoteResolution | null>;
  /** The unknown `@user@domain` mentions of a text asked of their servers (bounded in time, never fails). */
  resolveNewMentions(text: string): Promise<void>;
  /** The missing ancestors of a remote reply fetched in the background. */
  requestAncestors(status: StatusesTable): Promise<void>;
  /** A remote account's recent posts read from its outbox (the caller waits a short while). */
  requestOutboxBackfill(account: AccountRow): Promise<void>;
  /**
   * Copies asked for of the remote media of these statuses (and their originals, for boosts) and of their authors'
   * avatars and headers, where there is none (never made, failed a while ago, or pruned); in the background.
   */
  requestMissingMediaCopies(statuses: readonly StatusesTable[]): void;
  /**
   * Encrypted chats (docs/E2EE-API.md): whether each remote account's server announces the MLS draft; an
   * account missing from the answer counts as `server_unsupported`.
   */
  encryptionSupport?(accountIds: readonly string[]): Promise<Map<string, RemoteEncryptionSupport>>;
  /**
   * Refreshes these remote accounts' key packages (their actors' `keyPackages` collections) into the e2ee
   * directory's cache (`storeRemoteKeyPackages`), which the claim then hands out once each.
   */
  claimRemoteKeyPackages?(accountIds: readonly string[]): Promise<void>;
}
