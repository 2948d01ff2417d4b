import { expect } from '../e2e/support/test';
import { apiAs, type ChatUser } from '../e2e/messages-support';

// Steps the federation specs share.

/** The account `acct` as `user`'s server knows it, resolved by WebFinger (search with resolve=true). */
export async function resolveAs(user: ChatUser, acct: string): Promise<{ id: string }> {
  const query = encodeURIComponent(`@${acct}`);
  const { accounts } = await apiAs<{ accounts: { id: string; acct: string }[] }>(
    user,
    'GET',
    `/api/v2/search?q=${query}&resolve=true&type=accounts`,
  );
  const found = accounts.find((account) => account.acct === acct);
  if (!found) throw new Error(`${acct} was not resolved: ${JSON.stringify(accounts)}`);
  return found;
}

/** `user` follows the remote account and waits until the other server accepted the follow. */
export async function followAndWait(user: ChatUser, remoteId: string): Promise<void> {
  await apiAs(user, 'POST', `/api/v1/accounts/${remoteId}/follow`);
  await expect
    .poll(
      async () =>
        (
          await apiAs<{ following: boolean }[]>(
            user,
            'GET',
            `/api/v1/accounts/relationships?id[]=${remoteId}`,
          )
        )[0]?.following,
      { timeout: 30_000 },
    )
    .toBe(true);
}
