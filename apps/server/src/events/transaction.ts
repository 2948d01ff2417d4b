import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import { domainEventsOf } from './domain-events.js';
import type { DomainEvent } from './types.js';

export type Emit = (event: DomainEvent) => Promise<void>;

/**
 * A domain write in one transaction whose events reach their after-commit subscribers only once it has
 * committed: a rolled-back write emits nothing. `emit` runs the in-transaction handlers at once (in `tx`).
 */
export async function transactionWithEvents<T>(
  ctx: AppContext,
  write: (tx: Tx, emit: Emit) => Promise<T>,
): Promise<T> {
  const events = domainEventsOf(ctx);
  const emitted: DomainEvent[] = [];
  const result = await ctx.db.transaction().execute((tx) =>
    write(tx, async (event) => {
      await events.record(event, tx, ctx);
      emitted.push(event);
    }),
  );
  await events.committed(emitted, ctx);
  return result;
}

/** Events of a write already committed (or made without a transaction): delivered at once. */
export function emitCommitted(ctx: AppContext, ...events: DomainEvent[]): Promise<void> {
  return domainEventsOf(ctx).committed(events, ctx);
}

/**
 * The in-transaction handlers of `event` as a step of a write that runs its own transaction (the chat send, one
 * statement on PostgreSQL); undefined when none has anything to write, so that the write may skip a transaction.
 * Its after-commit handlers are the caller's to run (`emitCommitted`) once the write has committed.
 */
export function inTransactionStepOf(
  ctx: AppContext,
  event: DomainEvent,
): ((tx: Tx) => Promise<void>) | undefined {
  const events = domainEventsOf(ctx);
  if (!events.hasWorkInTransaction(event, ctx)) return undefined;
  return (tx) => events.record(event, tx, ctx);
}
