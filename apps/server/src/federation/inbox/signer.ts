import type { DocumentLoader } from '@fedify/vocab-runtime';
import { Mention, type Activity } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { INSTANCE_ACTOR } from '../actors.js';
import { refusedStatusOf } from '../document-loader.js';
import { refuseToFetch } from '../not-fetched.js';
import { localAccountOf, setInboxLoader, type Inbox } from './sender.js';
import { followsWithAccounts } from '../../relationships/conditions.js';
import { runtimeOf } from '../runtime.js';

/**
 * Whom a dereference made while handling an incoming activity is signed as, by Mastodon's rule
 * (ActivityPub::Activity#signed_fetch_actor): servers serve non-public objects only to a signed fetch by an
 * addressee, so the fetch is signed as someone the activity is meant for.
 */
export interface FetchSigner {
  /** the Fedify actor identifier: a local username, or the instance actor */
  identifier: string;
  why: 'recipient' | 'addressee' | 'follower' | 'instance';
}

/**
 * The rule itself: the local account whose personal inbox the activity was delivered to, else the first local
 * account it addresses or mentions, else a local follower of its sender, else the instance actor.
 */
export function chooseSigner(candidates: {
  recipient: string | null;
  addressee: string | undefined;
  follower: string | undefined;
}): FetchSigner {
  if (candidates.recipient) return { identifier: candidates.recipient, why: 'recipient' };
  if (candidates.addressee) return { identifier: candidates.addressee, why: 'addressee' };
  if (candidates.follower) return { identifier: candidates.follower, why: 'follower' };
  return { identifier: INSTANCE_ACTOR, why: 'instance' };
}

/** The activity's audience as it arrived (to, cc, then Mention tags), embedded values only: nothing is fetched. */
async function audienceOf(inbox: Inbox, activity: Activity): Promise<URL[]> {
  const audience = [...activity.toIds, ...activity.ccIds];
  const embeddedOnly = {
    documentLoader: refuseToFetch,
    contextLoader: inbox.contextLoader,
    suppressError: true,
  };
  try {
    for await (const tag of activity.getTags(embeddedOnly)) {
      if (tag instanceof Mention && tag.href) audience.push(tag.href);
    }
  } catch {
    // a tag given by id only is not fetched for this
  }
  return audience;
}

async function firstAddressee(ctx: AppContext, audience: URL[]): Promise<string | undefined> {
  for (const uri of audience) {
    const account = await localAccountOf(ctx, uri);
    if (account) return account.username;
  }
  return undefined;
}

async function firstLocalFollower(ctx: AppContext, sender: AccountRow): Promise<string | undefined> {
  const row = await followsWithAccounts(ctx.db, sender.id, 'followers')
    .select('accounts.username')
    .where('accounts.domain', 'is', null)
    .where('accounts.approved', '=', 1)
    .where('accounts.disabled', '=', 0)
    .orderBy('follows.id')
    .executeTakeFirst();
  return row?.username;
}

/** The signer for the dereferences `activity` (from `sender`) causes. */
export async function signerFor(inbox: Inbox, activity: Activity, sender: AccountRow): Promise<FetchSigner> {
  const ctx = inbox.data;
  if (inbox.recipient)
    return chooseSigner({ recipient: inbox.recipient, addressee: undefined, follower: undefined });
  return chooseSigner({
    recipient: null,
    addressee: await firstAddressee(ctx, await audienceOf(inbox, activity)),
    follower: await firstLocalFollower(ctx, sender),
  });
}

/**
 * A loader signed as the signer `choose` picks (chosen, and its key read, at the first fetch only) that logs at
 * warn, without the object, a fetch the remote server refused (401, 403, 404, 410): the activity is then handled
 * without that object, and the operator can see why.
 */
export function signedLoader(inbox: Inbox, choose: () => Promise<FetchSigner>): DocumentLoader {
  let chosen: Promise<{ signer: FetchSigner; loader: DocumentLoader }> | null = null;
  const ready = () =>
    (chosen ??= choose().then(async (signer) => ({
      signer,
      loader: await inbox.getDocumentLoader({ identifier: signer.identifier }),
    })));
  return async (url, options) => {
    const { signer, loader } = await ready();
    try {
      return await loader(url, options);
    } catch (error) {
      const status = refusedStatusOf(error);
      if (status !== null)
        runtimeOf(inbox.data)?.log?.warn(
          { url, status, signer: signer.identifier, signerRule: signer.why },
          'federation inbox: a remote server refused to give an object the activity refers to',
        );
      throw error;
    }
  };
}

/**
 * From now on, what is fetched while handling this inbox context's activity is signed by Mastodon's rule
 * (`signerFor`): every handler reads remote objects through sender.ts's fetchOptions and ingestOptions.
 */
export function signFetchesFor(inbox: Inbox, activity: Activity, sender: AccountRow): void {
  setInboxLoader(
    inbox,
    signedLoader(inbox, () => signerFor(inbox, activity, sender)),
  );
}
