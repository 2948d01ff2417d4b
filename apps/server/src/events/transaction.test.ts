import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context.js';
import { createDatabase, type Db } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { DomainEvents } from './domain-events.js';
import { emitCommitted, inTransactionStepOf, transactionWithEvents } from './transaction.js';
import type { StatusDeleted } from './types.js';

const open: Db[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

async function contextWith(events: DomainEvents): Promise<AppContext> {
  const db = createDatabase({ url: 'sqlite::memory:' });
  open.push(db);
  await sql`create table notes (id integer primary key)`.execute(db);
  return { db, events } as unknown as AppContext;
}

const deleted = (id: string): StatusDeleted => ({
  type: 'StatusDeleted',
  status: { id } as StatusesTable,
  boosts: [],
});

const countNotes = async (db: Db) =>
  Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]?.n);

describe('domain events', () => {
  it('reach after-commit subscribers once the write has committed, in emission and registration order', async () => {
    const events = new DomainEvents();
    const ctx = await contextWith(events);
    const seen: string[] = [];
    events.subscribe('StatusDeleted', async (event, handlerCtx) => {
      // the write is visible: the transaction is over
      seen.push(`first ${event.status.id} sees ${await countNotes(handlerCtx.db)}`);
    });
    events.subscribe('StatusDeleted', (event) => void seen.push(`second ${event.status.id}`));
    events.subscribe('StatusPublished', () => void seen.push('not this type'));
    await transactionWithEvents(ctx, async (tx, emit) => {
      await sql`insert into notes (id) values (1)`.execute(tx);
      await emit(deleted('1'));
      await emit(deleted('2'));
      seen.push('write done');
    });
    expect(seen).toEqual(['write done', 'first 1 sees 1', 'second 1', 'first 2 sees 1', 'second 2']);
  });

  it('emit nothing after commit when the transaction rolls back', async () => {
    const events = new DomainEvents();
    const ctx = await contextWith(events);
    const afterCommit = vi.fn();
    events.subscribe('StatusDeleted', afterCommit);
    await expect(
      transactionWithEvents(ctx, async (tx, emit) => {
        await sql`insert into notes (id) values (1)`.execute(tx);
        await emit(deleted('1'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(afterCommit).not.toHaveBeenCalled();
    expect(await countNotes(ctx.db)).toBe(0);
  });

  it('run in-transaction handlers inside the write: their rows commit or roll back with it', async () => {
    const events = new DomainEvents();
    const ctx = await contextWith(events);
    events.subscribeInTransaction('StatusDeleted', async (event, tx) => {
      await sql`insert into notes (id) values (${Number(event.status.id) + 100})`.execute(tx);
    });
    await transactionWithEvents(ctx, (_tx, emit) => emit(deleted('1')));
    expect(await countNotes(ctx.db)).toBe(1);
    await expect(
      transactionWithEvents(ctx, async (_tx, emit) => {
        await emit(deleted('2'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await countNotes(ctx.db)).toBe(1);
  });

  it('run only the in-transaction handlers that apply, and offer a step only when one does', async () => {
    const events = new DomainEvents();
    const ctx = await contextWith(events);
    expect(inTransactionStepOf(ctx, deleted('1'))).toBeUndefined();
    events.subscribeInTransaction(
      'StatusDeleted',
      async (event, tx) => {
        await sql`insert into notes (id) values (${Number(event.status.id)})`.execute(tx);
      },
      (event) => event.status.id !== '1',
    );
    expect(inTransactionStepOf(ctx, deleted('1'))).toBeUndefined();
    const step = inTransactionStepOf(ctx, deleted('2'));
    expect(step).toBeDefined();
    await ctx.db.transaction().execute(async (tx) => step?.(tx));
    await transactionWithEvents(ctx, (_tx, emit) => emit(deleted('1')));
    expect(await countNotes(ctx.db)).toBe(1);
  });

  it('log a failing subscriber and still run the others, without failing the command', async () => {
    const failures: string[] = [];
    const events = new DomainEvents((error, event) => failures.push(`${event.type}: ${String(error)}`));
    const ctx = await contextWith(events);
    const later = vi.fn();
    events.subscribe('StatusDeleted', () => {
      throw new Error('feed down');
    });
    events.subscribe('StatusDeleted', async () => Promise.reject(new Error('stream down')));
    events.subscribe('StatusDeleted', later);
    const result = await transactionWithEvents(ctx, async (tx, emit) => {
      await sql`insert into notes (id) values (1)`.execute(tx);
      await emit(deleted('1'));
      return 'written';
    });
    expect(result).toBe('written');
    expect(await countNotes(ctx.db)).toBe(1);
    expect(later).toHaveBeenCalledTimes(1);
    expect(failures).toEqual(['StatusDeleted: Error: feed down', 'StatusDeleted: Error: stream down']);
  });

  it('deliver an event emitted outside a transaction at once', async () => {
    const events = new DomainEvents();
    const ctx = await contextWith(events);
    const handler = vi.fn();
    events.subscribe('StatusDeleted', handler);
    await emitCommitted(ctx, deleted('9'));
    expect(handler).toHaveBeenCalledWith(deleted('9'), ctx);
  });
});
