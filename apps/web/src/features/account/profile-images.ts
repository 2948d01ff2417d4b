import type { Account } from '@palchat/api';

const MISSING_HEADER = '/headers/original/missing.png';

/** Whether the account chose a header image (the server names a placeholder otherwise). */
export function hasCustomHeader(account: Pick<Account, 'header'>): boolean {
  return Boolean(account.header) && !account.header.endsWith(MISSING_HEADER);
}
