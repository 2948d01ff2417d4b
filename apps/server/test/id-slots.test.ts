import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { leaseIdSlot, type IdSlotLease } from '../src/db/id-slot.js';
import { ID_SLOTS } from '../src/lib/ids.js';
import { postgresReachable, TEST_POSTGRES_URL } from './helpers/harness.js';

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
});
