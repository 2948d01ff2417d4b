import pg from 'pg';
import { ID_SLOTS } from '../lib/ids.js';

export interface IdSlotLease {
  slot: number;
  release(): Promise<void>;
}

/**
 * The slot of this process among those sharing one PostgreSQL database: the first of ID_SLOTS session-level
 * advisory locks it can take, held on a connection of its own for the process's life. A process that dies
 * loses its connection and so frees its slot; two live processes never hold the same one, so their ids
 * cannot collide.
 */
export async function leaseIdSlot(databaseUrl: string, schema: string | undefined): Promise<IdSlotLease> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const key = `palchat:id-slot:${schema ?? 'public'}`;
  for (let slot = 0; slot < ID_SLOTS; slot += 1) {
    const result = await client.query<{ taken: boolean }>(
      'select pg_try_advisory_lock(hashtext($1), $2) as taken',
      [key, slot],
    );
    if (result.rows[0]?.taken) {
      return { slot, release: () => client.end().catch(() => undefined) };
    }
  }
  await client.end();
  throw new Error(
    `All ${ID_SLOTS} id slots of this database are in use: at most ${ID_SLOTS} server processes can share it`,
  );
}

/** SQLite belongs to one process: slot 0, nothing to hold. */
export const SINGLE_PROCESS_SLOT: IdSlotLease = { slot: 0, release: async () => undefined };
