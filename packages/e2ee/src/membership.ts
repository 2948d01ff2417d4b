/** Who is in a group, seen as people and their devices: what a commit changed, which leaves belong to whom. */
import { equalBytes } from './bytes.js';
import { leavesOf, members, type GroupState, type Member } from './group.js';
import { fingerprint } from './identity.js';
import type { SystemEvent } from './store.js';

/**
 * The system messages of a membership change: a person's first leaf is the person joining, a further one their
 * new device; losing the last leaf is the person leaving, otherwise one device going. One message per person
 * joining or leaving, one per device added or removed.
 */
export async function membershipChanges(before: Member[], after: Member[]): Promise<SystemEvent[]> {
  const has = (list: Member[], m: Member) =>
    list.some((x) => x.leafIndex === m.leafIndex && equalBytes(x.signaturePublicKey, m.signaturePublicKey));
  const changes: SystemEvent[] = [];
  for (const m of after.filter((m) => !has(before, m))) {
    changes.push(
      before.some((x) => x.actorUri === m.actorUri)
        ? { type: 'device_added', actorUri: m.actorUri, fingerprint: await fingerprint(m.signaturePublicKey) }
        : { type: 'member_added', actorUri: m.actorUri },
    );
  }
  for (const m of before.filter((m) => !has(after, m))) {
    changes.push(
      after.some((x) => x.actorUri === m.actorUri)
        ? {
            type: 'device_removed',
            actorUri: m.actorUri,
            fingerprint: await fingerprint(m.signaturePublicKey),
          }
        : { type: 'member_removed', actorUri: m.actorUri },
    );
  }
  return changes.filter(
    (c, i) => 'fingerprint' in c || changes.findIndex((d) => d.type === c.type && sameActor(c, d)) === i,
  );
}

function sameActor(a: SystemEvent, b: SystemEvent): boolean {
  return 'actorUri' in a && 'actorUri' in b && a.actorUri === b.actorUri;
}

export function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}

/** The leaves of the person owning these active device keys whose key is none of them (revoked devices). */
export function staleLeaves(state: GroupState, activeKeys: Uint8Array[]): number[] {
  const isActive = (key: Uint8Array) => activeKeys.some((active) => equalBytes(active, key));
  const actorUris = members(state)
    .filter((m) => isActive(m.signaturePublicKey))
    .map((m) => m.actorUri);
  const leaves = leavesOf(state, { actorUris });
  return members(state)
    .filter((m) => leaves.includes(m.leafIndex) && !isActive(m.signaturePublicKey))
    .map((m) => m.leafIndex);
}

/** Every leaf of the people who own any of these keys (all their devices, listed or not). */
export function leavesOfPeople(state: GroupState, keys: Uint8Array[]): number[] {
  const actorUris = members(state)
    .filter((m) => keys.some((key) => equalBytes(key, m.signaturePublicKey)))
    .map((m) => m.actorUri);
  return leavesOf(state, { actorUris, signaturePublicKeys: keys });
}
