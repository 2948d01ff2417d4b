import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { leaseIdSlot, type IdSlotLease } from './id-slot.js';
import { ID_SLOTS } from '../lib/ids.js';
import { postgresReachable, TEST_POSTGRES_URL } from '../../test/helpers/harness.js';

/** Processes sharing one PostgreSQL database each hold a different id slot while they live. */
describe.skipIf(!postgresReachable)('id slots on PostgreSQL', () => {
  const schema = `slots_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const leases: IdSlotLease[] = [];
  afterAll(async () => {
    await Promise.all(leases.map((lease) => lease.release()));
  });

  it('gives every live process its own slot, refuses one too many, and reuses a freed slot', async () => {
    for (let index = 0; index < ID_SLOTS; index += 1) {
      leases.push(await leaseIdSlot(TEST_POSTGRES_URL, schema));
    }
    expect(new Set(leases.map((lease) => lease.slot)).size).toBe(ID_SLOTS);
    await expect(leaseIdSlot(TEST_POSTGRES_URL, schema)).rejects.toThrow(/All 16 id slots/);

    const freed = leases.splice(5, 1)[0];
    await freed?.release();
    const again = await leaseIdSlot(TEST_POSTGRES_URL, schema);
    leases.push(again);
    expect(again.slot).toBe(freed?.slot);
  });

  it('keeps the slots of one schema apart from another deployment on the same server', async () => {
    const other = await leaseIdSlot(TEST_POSTGRES_URL, `${schema}_other`);
    leases.push(other);
    expect(other.slot).toBe(0);
  });

  it('stops making ids when the lock connection is lost and re-leases a slot no other process holds', async () => {
    const lostSchema = `${schema}_lost`;
    const applicationName = `slot_${randomUUID().slice(0, 8)}`;
    const url = new URL(TEST_POSTGRES_URL);
    url.searchParams.set('application_name', applicationName);
    const seen: (number | null)[] = [];
    const first = await leaseIdSlot(url.toString(), lostSchema, {
      onSlot: (slot) => seen.push(slot),
      retryMs: 300,
    });
    leases.push(first);
    expect(first.slot).toBe(0);

    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      applicationName,
    ]);
    await admin.end();
    while (first.slot !== null) await new Promise((resolve) => setTimeout(resolve, 10));
    // another process takes the freed slot before the first one is back
    const second = await leaseIdSlot(TEST_POSTGRES_URL, lostSchema);
    leases.push(second);
    expect(second.slot).toBe(0);
    while (first.slot === null) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.slot).toBe(1);
    expect(seen).toEqual([0, null, 1]);
  });
});
