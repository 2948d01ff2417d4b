import type { AppContext } from '../context.js';

export type TypingEvent = 'typing_start' | 'typing_stop';

export interface TypingDecision {
  relay: boolean;
  /** a dropped start while the others see no indicator: worth sending again once the window ends */
  retryInMs?: number;
}

export interface StreamingLimitSettings {
  /** open streaming sockets per account; 0 for no cap */
  maxSocketsPerUser: number;
  /** at most one typing_start relayed per sender and conversation in this window */
  typingIntervalMs: number;
}

/**
 * The streaming endpoint's limits: open sockets per account, and how often typing events are relayed. The
 * in-process implementation counts this process only; the Redis one (limits-redis.ts) counts across processes.
 * Callers reach it through `streamingLimitsFor(ctx)`.
 */
export interface StreamingLimits {
  /** Takes one of the account's socket slots; false when every slot is taken. */
  acquireSocket(accountId: string, socketId: string): Promise<boolean>;
  releaseSocket(accountId: string, socketId: string): Promise<void>;
  /** Whether a typing frame from `accountId` in `conversationId` is relayed (and counts it when it is). */
  typing(accountId: string, conversationId: string, event: TypingEvent): Promise<TypingDecision>;
  /** Forgets the sender's typing state: the frame let through was not relayed after all (indicator off). */
  forgetTyping(accountId: string, conversationId: string): Promise<void>;
  close(): Promise<void>;
}

/** When the sender's last relayed typing_start went out, and whether a typing_stop has followed it yet. */
export interface TypingState {
  startedAt: number;
  typing: boolean;
}

/**
 * The typing rule: one typing_start per window, and only the typing_stop that ends a relayed start, so that
 * indicators clear and a start/stop flood still relays at most two events per window. The Redis store runs the
 * same rule in a script (limits-redis.ts).
 */
export function decideTyping(
  state: TypingState | undefined,
  event: TypingEvent,
  now: number,
  intervalMs: number,
): { decision: TypingDecision; next: TypingState | undefined } {
  if (event === 'typing_stop') {
    if (!state?.typing) return { decision: { relay: false }, next: state };
    return { decision: { relay: true }, next: { ...state, typing: false } };
  }
  const waitMs = state ? state.startedAt + intervalMs - now : 0;
  if (waitMs <= 0) return { decision: { relay: true }, next: { startedAt: now, typing: true } };
  return { decision: state?.typing ? { relay: false } : { relay: false, retryInMs: waitMs }, next: state };
}

/** How long a typing state outlives its window (for the typing_stop that ends it). */
export const TYPING_STATE_TTL_MS = 30_000;

export class InProcessStreamingLimits implements StreamingLimits {
  private readonly sockets = new Map<string, Set<string>>();
  private readonly typingStates = new Map<string, TypingState>();

  constructor(private readonly settings: StreamingLimitSettings) {}

  async acquireSocket(accountId: string, socketId: string): Promise<boolean> {
    let sockets = this.sockets.get(accountId);
    if (!sockets) {
      sockets = new Set();
      this.sockets.set(accountId, sockets);
    }
    const max = this.settings.maxSocketsPerUser;
    if (max > 0 && sockets.size >= max && !sockets.has(socketId)) return false;
    sockets.add(socketId);
    return true;
  }

  async releaseSocket(accountId: string, socketId: string): Promise<void> {
    const sockets = this.sockets.get(accountId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.sockets.delete(accountId);
  }

  async typing(accountId: string, conversationId: string, event: TypingEvent): Promise<TypingDecision> {
    const key = `${conversationId}:${accountId}`;
    const now = Date.now();
    const { decision, next } = decideTyping(
      this.typingStates.get(key),
      event,
      now,
      this.settings.typingIntervalMs,
    );
    if (next) this.typingStates.set(key, next);
    if (this.typingStates.size > 10_000) {
      this.forgetTypingBefore(now - this.settings.typingIntervalMs - TYPING_STATE_TTL_MS);
    }
    return decision;
  }

  async forgetTyping(accountId: string, conversationId: string): Promise<void> {
    this.typingStates.delete(`${conversationId}:${accountId}`);
  }

  async close(): Promise<void> {
    this.sockets.clear();
    this.typingStates.clear();
  }

  /** Long past the window a state only serves a late stop, and indicators expire on their own by then. */
  private forgetTypingBefore(time: number): void {
    for (const [key, state] of this.typingStates) if (state.startedAt < time) this.typingStates.delete(key);
  }
}

const defaults = new WeakMap<AppContext, StreamingLimits>();

/** The context's limits; contexts built without them (tests, tools) get in-process limits of their own. */
export function streamingLimitsFor(ctx: AppContext): StreamingLimits {
  if (ctx.streamingLimits) return ctx.streamingLimits;
  let limits = defaults.get(ctx);
  if (!limits) {
    limits = new InProcessStreamingLimits(ctx.config.streaming);
    defaults.set(ctx, limits);
  }
  return limits;
}
