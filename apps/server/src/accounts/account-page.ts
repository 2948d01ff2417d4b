import type { SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { newestFirst, paginateQuery, setLinkHeader, type PageQuery } from '../timelines/pagination.js';
import { serializeAccount } from './serializer.js';

/**
 * One Mastodon page of accounts from a query that selects account rows plus the `cursor` they are paged by
 * (followers, blocks, endorsements, favourited_by …): the rows newest first, the Link header, serialized.
 */
export async function pageOfAccounts<DB, TB extends keyof DB, O extends AccountRow & { cursor: string }>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: SelectQueryBuilder<DB, TB, O>,
  cursorColumn: string,
  page: PageQuery,
): Promise<Account[]> {
  // Kysely types the rows as a simplified copy of O, which the compiler cannot relate to O while O is generic
  const rows = newestFirst((await paginateQuery(query, cursorColumn, page).execute()) as O[], page);
  setLinkHeader(
    request,
    reply,
    rows.map((row) => row.cursor),
    page,
  );
  return rows.map((row) => serializeAccount(ctx, row));
}
