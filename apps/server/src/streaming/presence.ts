import type { AppContext } from '../context.js';

/**
 * Who has an open, subscribed user stream that reports itself active. The in-process registry serves one
 * process; the Redis one (presence-redis.ts) shares it between processes. Callers reach it through
 * `presenceFor(ctx)`, so a process-local map is never consulted directly.
 */
export interface PresenceRegistry {
  /** A socket subscribed to its user stream; it counts as active until it says otherwise. */
  connect(accountId: string, socketId: string): Promise<void>;
  setActive(socketId: string, active: boolean): Promise<void>;
  disconnect(socketId: string): Promise<void>;
  /** The subset of `accountIds` that is connected and active (preferences are applied by the caller). */
  connected(accountIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** The sockets of this process, by account. Also the local half of the shared registry. */
export class LocalSockets {
  private readonly accountOf = new Map<string, string>();
  private readonly byAccount = new Map<string, Map<string, boolean>>();

  connect(accountId: string, socketId: string): void {
    this.accountOf.set(socketId, accountId);
    let sockets = this.byAccount.get(accountId);
    if (!sockets) {
      sockets = new Map();
      this.byAccount.set(accountId, sockets);
    }
    if (!sockets.has(socketId)) sockets.set(socketId, true);
  }

  setActive(socketId: string, active: boolean): void {
    const accountId = this.accountOf.get(socketId);
    if (accountId) this.byAccount.get(accountId)?.set(socketId, active);
  }

  disconnect(socketId: string): void {
    const accountId = this.accountOf.get(socketId);
    if (!accountId) return;
    this.accountOf.delete(socketId);
    const sockets = this.byAccount.get(accountId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.byAccount.delete(accountId);
  }

  accountFor(socketId: string): string | null {
    return this.accountOf.get(socketId) ?? null;
  }

  isActive(accountId: string): boolean {
    const sockets = this.byAccount.get(accountId);
    if (!sockets) return false;
    for (const active of sockets.values()) if (active) return true;
    return false;
  }

  /** Every account with at least one active socket here. */
  activeAccounts(): string[] {
    return [...this.byAccount.keys()].filter((accountId) => this.isActive(accountId));
  }
}

export class InProcessPresence implements PresenceRegistry {
  private readonly sockets = new LocalSockets();

  async connect(accountId: string, socketId: string): Promise<void> {
    this.sockets.connect(accountId, socketId);
  }

  async setActive(socketId: string, active: boolean): Promise<void> {
    this.sockets.setActive(socketId, active);
  }

  async disconnect(socketId: string): Promise<void> {
    this.sockets.disconnect(socketId);
  }

  async connected(accountIds: readonly string[]): Promise<Set<string>> {
    return new Set(accountIds.filter((accountId) => this.sockets.isActive(accountId)));
  }

  async close(): Promise<void> {}
}

const defaults = new WeakMap<AppContext, PresenceRegistry>();

/** The context's registry; contexts built without one (tests, tools) get an in-process registry of their own. */
export function presenceFor(ctx: AppContext): PresenceRegistry {
  if (ctx.presence) return ctx.presence;
  let registry = defaults.get(ctx);
  if (!registry) {
    registry = new InProcessPresence();
    defaults.set(ctx, registry);
  }
  return registry;
}
