import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import type { DomainEvent, DomainEventOf, DomainEventType } from './types.js';

/** Runs after the commit; its failure is logged and never undoes the write. */
export type AfterCommitHandler<T extends DomainEventType> = (
  event: DomainEventOf<T>,
  ctx: AppContext,
) => Promise<void> | void;

/**
 * Runs inside the write's transaction, as part of the write: for what must commit with it or not at all (a
 * durable outbox row). Its failure rolls the write back.
 */
export type InTransactionHandler<T extends DomainEventType> = (
  event: DomainEventOf<T>,
  tx: Tx,
  ctx: AppContext,
) => Promise<void> | void;

export type HandlerFailureLog = (error: unknown, event: DomainEvent) => void;

/** Whether an in-transaction handler has anything to write for this event (by default: always). */
export type AppliesTo<T extends DomainEventType> = (event: DomainEventOf<T>, ctx: AppContext) => boolean;

type Handlers<H> = Map<DomainEventType, H[]>;
type AnyAfterCommit = (event: DomainEvent, ctx: AppContext) => Promise<void> | void;
interface AnyInTransaction {
  run: (event: DomainEvent, tx: Tx, ctx: AppContext) => Promise<void> | void;
  appliesTo: (event: DomainEvent, ctx: AppContext) => boolean;
}

/**
 * The port through which domains announce their writes (`AppContext.events`). Subscribers are registered once
 * when a process starts (domain-subscribers.ts) and run in the order they were registered, one after the other,
 * so that a feed is written before the stream that tells of it, as the direct calls did.
 */
export class DomainEvents {
  // each handler is kept under its own event's type, so it only ever receives that event
  private readonly afterCommit: Handlers<AnyAfterCommit> = new Map();
  private readonly inTransaction: Handlers<AnyInTransaction> = new Map();

  constructor(private readonly logFailure: HandlerFailureLog = defaultFailureLog) {}

  subscribe<T extends DomainEventType>(type: T, handler: AfterCommitHandler<T>): void {
    add(this.afterCommit, type, (event, ctx) => handler(event as DomainEventOf<T>, ctx));
  }

  subscribeInTransaction<T extends DomainEventType>(
    type: T,
    handler: InTransactionHandler<T>,
    appliesTo: AppliesTo<T> = () => true,
  ): void {
    add(this.inTransaction, type, {
      run: (event, tx, ctx) => handler(event as DomainEventOf<T>, tx, ctx),
      appliesTo: (event, ctx) => appliesTo(event as DomainEventOf<T>, ctx),
    });
  }

  /**
   * Whether an event has in-transaction handlers with something to write: a write whose single statement is its
   * own transaction (the chat send on PostgreSQL) opens a transaction only then.
   */
  hasWorkInTransaction(event: DomainEvent, ctx: AppContext): boolean {
    return (this.inTransaction.get(event.type) ?? []).some((handler) => handler.appliesTo(event, ctx));
  }

  /** The in-transaction handlers of an event being written in `tx` (failures propagate: the write fails). */
  async record(event: DomainEvent, tx: Tx, ctx: AppContext): Promise<void> {
    for (const handler of this.inTransaction.get(event.type) ?? [])
      if (handler.appliesTo(event, ctx)) await handler.run(event, tx, ctx);
  }

  /** The after-commit handlers of committed events, in order; a failing handler is logged and the rest run. */
  async committed(events: readonly DomainEvent[], ctx: AppContext): Promise<void> {
    for (const event of events) {
      for (const handler of this.afterCommit.get(event.type) ?? []) {
        try {
          await handler(event, ctx);
        } catch (error) {
          this.logFailure(error, event);
        }
      }
    }
  }
}

function add<H>(handlers: Handlers<H>, type: DomainEventType, handler: H): void {
  const list = handlers.get(type) ?? [];
  list.push(handler);
  handlers.set(type, list);
}

function defaultFailureLog(error: unknown, event: DomainEvent): void {
  console.warn(`a ${event.type} subscriber failed`, error);
}

/** The context's port; a context built by hand (tools, tests) gets one without subscribers. */
export function domainEventsOf(ctx: AppContext): DomainEvents {
  ctx.events ??= new DomainEvents();
  return ctx.events;
}
