import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index.js';

/**
 * `statuses.version`: a number that changes with every update of the row, whoever writes it (this process, another
 * one, a moderator's SQL). A timeline page reads each status's id and version, and a process that kept the row at
 * that version (hot-path/kept-rows.ts) reads no more of it. A trigger bumps it, so no write can forget to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('statuses')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`create function statuses_bump_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end
    $$`.execute(db);
    await sql`create trigger statuses_version before update on statuses
      for each row execute function statuses_bump_version()`.execute(db);
  } else {
    // SQLite's triggers cannot assign to `new`: the row is updated once more (this update fires no trigger)
    await sql`create trigger statuses_version after update on statuses for each row
      when new.version = old.version
      begin
        update statuses set version = old.version + 1 where id = new.id;
      end`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The status versions migration cannot be reverted');
}
