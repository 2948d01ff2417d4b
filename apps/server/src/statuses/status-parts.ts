import type { MediaAttachment, Mention } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { MediaAttachmentsTable, StatusesTable } from '../db/schema.js';
import { accountUrl, acctOf } from '../accounts/serializer.js';
import { serializeMedia } from '../media/serializer.js';
import { keepNewest, perObject } from '../lib/per-object.js';

/** A mentioned account as the status text's links need it. */
export interface MentionedAccount {
  id: string;
  username: string;
  domain: string | null;
  url: string | null;
  uri: string | null;
}

/**
 * What a status's rendering takes from tables other than its own row, and which changes only when the status is
 * edited: its mentions, hashtags and attachments, and whether it carries a poll or a quote (their states are read
 * for each page, since votes, quote approvals and the viewer's own votes change).
 */
export interface StatusParts {
  mentions: Mention[];
  mentionedAccounts: MentionedAccount[];
  tags: { name: string; url: string }[];
  media: MediaAttachment[];
  hasPoll: boolean;
  hasQuote: boolean;
}

interface CachedParts {
  editedAt: string | null;
  storedAt: number;
  parts: StatusParts;
}

/** Statuses whose parts are kept in memory per database (each pooled process keeps its own). */
export const STATUS_PARTS_KEPT = 20_000;
/**
 * How long kept parts are trusted. Edits are seen at once (the row's `edited_at` is part of the key); this bounds
 * what no edit announces: a remote mention's profile URL changing, or `media remove` (another process) dropping a
 * copy of remote media.
 */
export const STATUS_PARTS_TTL_MS = 5 * 60_000;

const cacheOf = perObject<Db, Map<string, CachedParts>>(() => new Map());

/** Mentions in the order the text names them (the database keeps no order). */
function inTextOrder(mentions: Mention[], text: string): Mention[] {
  const lower = text.toLowerCase();
  const at = (mention: Mention) => {
    const index = lower.indexOf(`@${mention.username.toLowerCase()}`);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return mentions.sort((a, b) => at(a) - at(b));
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The parts of `statuses`, from memory when kept since their last edit, otherwise in five batched statements.
 * Parts with remote media not copied here yet are not kept (the copy changes their URLs). Reading them asks for
 * nothing: copies are asked for when remote content arrives, and when a status is opened (FederationPort).
 */
export async function loadStatusParts(
  ctx: AppContext,
  statuses: readonly StatusesTable[],
): Promise<Map<string, StatusParts>> {
  const cache = cacheOf(ctx.db);
  const now = Date.now();
  const found = new Map<string, StatusParts>();
  const missing: StatusesTable[] = [];
  for (const status of statuses) {
    const cached = cache.get(status.id);
    if (cached && cached.editedAt === status.edited_at && now - cached.storedAt < STATUS_PARTS_TTL_MS) {
      found.set(status.id, cached.parts);
    } else if (!found.has(status.id)) {
      missing.push(status);
    }
  }
  if (missing.length === 0) return found;

  const ids = [...new Set(missing.map((status) => status.id))];
  const [mentionRows, tagRows, mediaRows, pollRows, quoteRows] = await Promise.all([
    ctx.db
      .selectFrom('status_mentions')
      .innerJoin('accounts', 'accounts.id', 'status_mentions.account_id')
      .select([
        'status_mentions.status_id',
        'accounts.id',
        'accounts.username',
        'accounts.domain',
        'accounts.url',
        'accounts.uri',
      ])
      .where('status_mentions.status_id', 'in', ids)
      .execute(),
    ctx.db
      .selectFrom('status_tags')
      .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
      .select(['status_tags.status_id', 'tags.name_lower'])
      .where('status_tags.status_id', 'in', ids)
      .execute(),
    ctx.db
      .selectFrom('status_media')
      .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
      .selectAll('media_attachments')
      .select(['status_media.status_id as owner_id', 'status_media.position'])
      .where('status_media.status_id', 'in', ids)
      .orderBy('status_media.position', 'asc')
      .execute(),
    ctx.db.selectFrom('polls').select('status_id').where('status_id', 'in', ids).execute(),
    ctx.db.selectFrom('quotes').select('status_id').where('status_id', 'in', ids).execute(),
  ]);

  const uncopied = new Set(
    mediaRows.filter((row) => row.remote_url && !row.file_path).map((row) => row.owner_id),
  );
  const mentionedOf = new Map<string, MentionedAccount[]>();
  for (const { status_id: statusId, ...account } of mentionRows) push(mentionedOf, statusId, account);
  const tagsOf = new Map<string, { name: string; url: string }[]>();
  for (const row of tagRows) {
    push(tagsOf, row.status_id, {
      name: row.name_lower,
      url: `${ctx.config.publicUrl}/tags/${encodeURIComponent(row.name_lower)}`,
    });
  }
  const mediaOf = new Map<string, MediaAttachment[]>();
  for (const { owner_id: ownerId, position: _position, ...media } of mediaRows) {
    push(mediaOf, ownerId, serializeMedia(ctx.config, media as MediaAttachmentsTable));
  }
  const withPoll = new Set(pollRows.map((row) => row.status_id));
  const withQuote = new Set(quoteRows.map((row) => row.status_id));

  for (const status of missing) {
    const mentionedAccounts = mentionedOf.get(status.id) ?? [];
    const parts: StatusParts = {
      mentionedAccounts,
      mentions: inTextOrder(
        mentionedAccounts.map((account) => ({
          id: account.id,
          username: account.username,
          acct: acctOf(account),
          url: accountUrl(ctx, account),
        })),
        status.text,
      ),
      tags: tagsOf.get(status.id) ?? [],
      media: mediaOf.get(status.id) ?? [],
      hasPoll: withPoll.has(status.id),
      hasQuote: withQuote.has(status.id),
    };
    found.set(status.id, parts);
    if (uncopied.has(status.id)) continue;
    cache.delete(status.id);
    cache.set(status.id, { editedAt: status.edited_at, storedAt: now, parts });
  }
  keepNewest(cache, STATUS_PARTS_KEPT);
  return found;
}
