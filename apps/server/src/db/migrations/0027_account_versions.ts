import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index.js';

/**
 * `accounts.version`, as `statuses.version` (migration 0026): a number that changes with every update of the row,
 * whoever writes it. A timeline page reads its authors' versions with its statuses, and a process that kept an
 * author's row at that version (hot-path/kept-rows.ts) reads no more of it. A trigger bumps it, so no write can forget to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`create function accounts_bump_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end
    $$`.execute(db);
    await sql`create trigger accounts_version before update on accounts
      for each row execute function accounts_bump_version()`.execute(db);
  } else {
    // SQLite's triggers cannot assign to `new`: the row is updated once more (this update fires no trigger)
    await sql`create trigger accounts_version after update on accounts for each row
      when new.version = old.version
      begin
        update accounts set version = old.version + 1 where id = new.id;
      end`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The account versions migration cannot be reverted');
}
