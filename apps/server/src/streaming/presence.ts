import type { AppContext } from '../context.js';

/**
 * Who has an open, subscribed user stream that reports itself active. The in-process registry serves one
 * process; a shared implementation (Redis) can replace it through `setPresence` without touching callers.
 */
export interface PresenceRegistry {
  /** A socket subscribed to its user stream; it counts as active until it says otherwise. */
  connect(accountId: string, socketId: string): void;
  setActive(socketId: string, active: boolean): void;
  disconnect(socketId: string): void;
  /** The subset of `accountIds` that is connected and active (preferences are applied by the caller). */
  connected(accountIds: readonly string[]): Promise<Set<string>>;
}

export class InProcessPresence implements PresenceRegistry {
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

  async connected(accountIds: readonly string[]): Promise<Set<string>> {
    const online = new Set<string>();
    for (const accountId of accountIds) {
      const sockets = this.byAccount.get(accountId);
      if (sockets && [...sockets.values()].some(Boolean)) online.add(accountId);
    }
    return online;
  }
}

const registries = new WeakMap<AppContext, PresenceRegistry>();

export function presenceFor(ctx: AppContext): PresenceRegistry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new InProcessPresence();
    registries.set(ctx, registry);
  }
  return registry;
}

export function setPresence(ctx: AppContext, registry: PresenceRegistry): void {
  registries.set(ctx, registry);
}
