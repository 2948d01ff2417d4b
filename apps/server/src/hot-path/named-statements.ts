import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Distinct SQL texts prepared by name on each connection; texts seen after these run unnamed, as before. */
export const NAMED_STATEMENT_LIMIT = 300;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and plans an unnamed statement on every execution: for the home timeline's statement (twenty
 * correlated conditions) planning costs more than running it. Named statements are parsed once per connection and
 * their plans cached, as Rails' prepared statements do for Mastodon. Every SQL text gets one name in this process,
 * the first NAMED_STATEMENT_LIMIT texts only (lists of varying length make the set of texts open-ended, and each
 * prepared statement holds memory on every pooled connection).
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  // bumped when a schema change invalidates prepared statements ("cached plan must not change result type"):
  // fresh names make every connection prepare the texts again
  let generation = 0;
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (!name && names.size < NAMED_STATEMENT_LIMIT && PREPARABLE.test(sql)) {
      name = `palchat_${names.size + 1}`;
      names.set(sql, name);
    }
    return name && `${name}_${generation}`;
  };

  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads of PostgresPoolClient.query
    query: (async (sqlOrCursor: any, parameters?: ReadonlyArray<unknown>) => {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- a cursor, passed through
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
      const name = nameOf(sqlOrCursor);
      if (!name) return client.query(sqlOrCursor, parameters as unknown[]);
      try {
        return await client.query({ name, text: sqlOrCursor, values: parameters as unknown[] });
      } catch (error) {
        if ((error as { code?: string }).code !== '0A000') throw error;
        generation += 1;
        return client.query(sqlOrCursor, parameters as unknown[]);
      }
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });

  return {
    async connect() {
      const client = await pool.connect();
      let adapter = wrapped.get(client);
      if (!adapter) {
        adapter = wrap(client);
        wrapped.set(client, adapter);
      }
      return adapter;
    },
    end: () => pool.end(),
  };
}
