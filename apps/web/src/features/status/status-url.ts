import type { Status } from '@palchat/api';

/** Absolute link to a status, for sharing. */
export function statusUrl(status: Status): string {
  return status.url ?? `${window.location.origin}/@${status.account.acct}/${status.id}`;
}
