import { findAccountsByIds } from '../../accounts/store.js';
import type { AppContext } from '../../context.js';
import { storeRemoteKeyPackages, withdrawRemoteKeyPackage } from '../../e2ee/remote.js';
import { unclaimedRemoteKeyPackageUris } from '../../e2ee/store.js';
import type { RemoteEncryptionSupport } from '../../federation-port.js';
import { peerEncryptionSupport } from './peers.js';
import { fetchRemoteKeyPackages } from './remote-directory.js';

/** The encrypted chats' questions to other servers (federation-port.ts), answered over federation. */

/** Whether each remote account's server has encrypted chats (its NodeInfo); local accounts are left out. */
export async function encryptionSupport(
  ctx: AppContext,
  accountIds: readonly string[],
): Promise<Map<string, RemoteEncryptionSupport>> {
  const remote = (await findAccountsByIds(ctx.db, [...new Set(accountIds)])).filter(
    (account) => account.domain,
  );
  const answers = await Promise.all(remote.map((account) => peerEncryptionSupport(ctx, account)));
  return new Map(remote.map((account, index) => [account.id, answers[index]!]));
}

/**
 * These remote accounts' key packages read afresh from their actors' `keyPackages` collections into the e2ee
 * directory's cache, which the claim then hands out once each; cached ones the collection no longer lists (used or
 * withdrawn elsewhere, their Remove missed) are dropped. An actor that cannot be read keeps what is cached.
 */
export async function claimRemoteKeyPackages(ctx: AppContext, accountIds: readonly string[]): Promise<void> {
  const remote = (await findAccountsByIds(ctx.db, [...new Set(accountIds)])).filter(
    (account) => account.domain,
  );
  await Promise.all(
    remote.map(async (account) => {
      const items = await fetchRemoteKeyPackages(ctx, account);
      if (!items) return;
      const listed = new Set(items.map((item) => item.uri));
      const gone = (await unclaimedRemoteKeyPackageUris(ctx.db, account.id)).filter(
        (uri) => !listed.has(uri),
      );
      for (const uri of gone) await withdrawRemoteKeyPackage(ctx, uri);
      if (items.length > 0) await storeRemoteKeyPackages(ctx, account, items);
    }),
  );
}
