import { quotePolicySchema, type QuotePolicy, type Visibility } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';

export interface PostingDefaults {
  privacy: Visibility;
  sensitive: boolean;
  language: string | null;
  /** Mastodon 4.5's default quote policy of new posts */
  quotePolicy: QuotePolicy;
}

const VISIBILITIES: readonly string[] = ['public', 'unlisted', 'private', 'direct'];

/** The account's default post visibility, sensitivity and language (CredentialAccount.source). */
export async function loadPostingDefaults(db: DbOrTx, accountId: string): Promise<PostingDefaults> {
  const row = await db
    .selectFrom('posting_defaults')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    privacy: row && VISIBILITIES.includes(row.privacy) ? (row.privacy as Visibility) : 'public',
    sensitive: row?.sensitive === 1,
    language: row?.language ?? null,
    quotePolicy: quotePolicySchema.catch('public').parse(row?.quote_policy),
  };
}
