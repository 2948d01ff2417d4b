// Signed activities for the federation benchmark's inbox phases, as the fediverse sends them to a busy server:
// each kind has its share of the mix, and each kind's effect can be counted in the database to know when the
// server has processed them (bench/federation.mjs).
import { webcrypto } from 'node:crypto';
import { signRequest } from '@fedify/fedify';
import { sql } from 'kysely';
import {
  actorOf,
  createActivity,
  actorDeleteActivity,
  deleteActivity,
  interactionActivity,
  updateActivity,
} from './remote-servers.mjs';

/** Kinds of the mix and their shares. */
export const MIX = [
  ['Create (known actor)', 0.3],
  ['Create (unknown actor)', 0.1],
  ['Like', 0.25],
  ['Announce', 0.15],
  ['Delete (unknown object)', 0.05],
  ['Delete (unknown actor)', 0.05],
  ['Update', 0.1],
];

/** The simulated servers' actors' private key, as Fedify's signRequest wants it (extractable). */
export function signingKeyOf(remote) {
  return webcrypto.subtle.importKey(
    'pkcs8',
    remote.privateKey.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    true,
    ['sign'],
  );
}

/**
 * `count` activities of the mix, kinds interleaved: [{ kind, actor, activity }]. `local.statusUris` are local
 * posts that Likes and Announces go to (each (actor, post) pair once); Updates edit the Notes that the first
 * phase's createActivity(servers[serial % n].actors[0], serial) made (`updatable` of them); `label` keeps ids
 * of different phases apart.
 */
export function mixedActivities(remote, { count, label, statusUris, updatable, offset }) {
  const servers = remote.servers;
  const jobs = [];
  const quotas = MIX.map(([kind, share]) => ({ kind, left: Math.round(count * share) }));
  const serials = new Map(MIX.map(([kind]) => [kind, 0]));
  for (let index = 0; jobs.length < count; index += 1) {
    const quota = quotas[index % quotas.length];
    if (quota.left <= 0) {
      if (quotas.every((entry) => entry.left <= 0)) break;
      continue;
    }
    quota.left -= 1;
    const serial = serials.get(quota.kind);
    serials.set(quota.kind, serial + 1);
    const server = servers[serial % servers.length];
    const known = server.actors[0];
    const pick = offset + serial;
    let activity;
    let actor = known;
    switch (quota.kind) {
      case 'Create (known actor)':
        activity = createActivity(known, `${label}-${serial}`);
        break;
      case 'Create (unknown actor)':
        actor = actorOf(server.origin, `${label}${Math.floor(serial / servers.length)}`);
        activity = createActivity(actor, `${label}-${serial}`, statusUris[serial % statusUris.length]);
        break;
      case 'Like':
      case 'Announce': {
        const type = quota.kind;
        const uri =
          statusUris[
            (Math.floor(pick / servers.length) + (type === 'Announce' ? 20 : 0)) % statusUris.length
          ];
        activity = interactionActivity(type, known, uri, `${label}-${serial}`);
        break;
      }
      case 'Delete (unknown object)':
        activity = deleteActivity(known, `${label}-${serial}`);
        break;
      case 'Delete (unknown actor)':
        actor = actorOf(server.origin, `gone${label}${Math.floor(serial / servers.length)}`);
        activity = actorDeleteActivity(actor);
        break;
      case 'Update': {
        const target = (offset + serial) % updatable;
        actor = servers[target % servers.length].actors[0];
        activity = updateActivity(actor, target);
        break;
      }
    }
    jobs.push({ kind: quota.kind, actor, activity });
  }
  return jobs;
}

/** The signed POST of `activity` by `actor` to `url`'s shared inbox, ready to send. */
export async function signedInboxRequest(url, actor, activity, key) {
  const request = new Request(`${url}/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body: JSON.stringify(activity),
  });
  return signRequest(request, key, new URL(`${actor.id}#main-key`));
}

/**
 * Sends `requests` (a function of the index giving a Request, or a Request) `concurrency` at a time; returns
 * the answers' statuses per kind and when each kind's last request was answered.
 */
export async function sendAll(jobs, concurrency, requestOf) {
  const answers = {};
  const lastAnswer = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        let status;
        try {
          const response = await fetch(await requestOf(job));
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 'no answer';
        }
        answers[status] = (answers[status] ?? 0) + 1;
        lastAnswer.set(job.kind, performance.now());
      }
    }),
  );
  return { answers, lastAnswer };
}

/** How many of each kind's effects the database shows (a Delete of an unknown object leaves none). */
export async function effectCounts(db, { label, statusIds }) {
  const count = async (query) => Number((await query.execute(db)).rows[0]?.count ?? 0);
  const created = (pattern) =>
    count(sql`select count(*) as count from statuses where uri like ${pattern} and reblog_of_id is null`);
  return {
    'Create (known actor)': await created(`%/users/a0/statuses/bench-${label}-%`),
    'Create (unknown actor)': await created(`%/users/${label}%/statuses/bench-${label}-%`),
    Like: await count(
      sql`select count(*) as count from favourites where status_id in (${sql.join(statusIds)}) and account_id in (select id from accounts where domain is not null)`,
    ),
    Announce: await count(
      sql`select count(*) as count from statuses where reblog_of_id in (${sql.join(statusIds)})`,
    ),
    Update: await count(
      sql`select count(*) as count from statuses where uri like ${'%/statuses/bench-%'} and edited_at is not null`,
    ),
  };
}
