import type { StatusEdit } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import type { StatusEditsTable, StatusesTable } from '../db/schema.js';
import { serializeAccount } from '../accounts/serializer.js';
import { serializeMedia } from '../media/serializer.js';
import { findVisibleStatus } from './service.js';
import { mediaSnapshot } from './status-media.js';
import { textToHtml } from './text-format.js';
import { getAccountById } from '../accounts/store.js';

export type StatusVersion = Omit<StatusEditsTable, 'id' | 'status_id'>;

const parseList = <T>(json: string | null): T[] | null => (json ? (JSON.parse(json) as T[]) : null);

/**
 * GET /api/v1/statuses/:id/history: Mastodon's StatusEdit list, oldest first. Each version shows its media
 * with the descriptions they had then; an unedited status has one version, the current one.
 */
export async function statusHistory(
  ctx: AppContext,
  viewer: AccountRow | null,
  id: string,
): Promise<StatusEdit[]> {
  const status = await findVisibleStatus(ctx.db, viewer, id);
  const author = await getAccountById(ctx.db, status.account_id);
  const edits = await ctx.db
    .selectFrom('status_edits')
    .selectAll()
    .where('status_id', '=', status.id)
    .orderBy('id', 'asc')
    .execute();
  const versions = edits.length ? edits : [await statusVersion(ctx.db, status, status.created_at)];
  const mediaIds = [...new Set(versions.flatMap((edit) => parseList<string>(edit.media_ids) ?? []))];
  const media = mediaIds.length
    ? await ctx.db.selectFrom('media_attachments').selectAll().where('id', 'in', mediaIds).execute()
    : [];
  const account = serializeAccount(ctx, author);
  // every version links the mentions the status has now (and its author), as its content does
  const mentioned = await ctx.db
    .selectFrom('status_mentions')
    .innerJoin('accounts', 'accounts.id', 'status_mentions.account_id')
    .select(['accounts.username', 'accounts.domain', 'accounts.url'])
    .where('status_mentions.status_id', '=', status.id)
    .execute();
  const formatOptions = {
    publicUrl: ctx.config.publicUrl,
    localDomain: ctx.config.localDomain,
    linkTagsAndMentions: true,
    mentions: [...mentioned, author],
  };
  return versions.map((edit) => {
    const options = parseList<string>(edit.poll_options);
    const descriptions = parseList<string | null>(edit.media_descriptions);
    return {
      content: edit.content_html ?? textToHtml(edit.text, formatOptions),
      spoiler_text: edit.spoiler_text,
      sensitive: edit.sensitive === 1,
      created_at: edit.created_at,
      account,
      poll: options ? { options: options.map((title) => ({ title })) } : null,
      media_attachments: (parseList<string>(edit.media_ids) ?? []).flatMap((mediaId, position) => {
        const row = media.find((item) => item.id === mediaId);
        if (!row) return [];
        // versions recorded before descriptions were kept show the current one
        const description = descriptions ? (descriptions[position] ?? null) : row.description;
        return [serializeMedia(ctx.config, { ...row, description })];
      }),
      emojis: [],
    };
  });
}

/** The status as it is now (its media with their descriptions, its poll's options): one history version. */
export async function statusVersion(
  db: DbOrTx,
  status: StatusesTable,
  createdAt: string,
): Promise<StatusVersion> {
  const [media, poll] = await Promise.all([
    mediaSnapshot(db, status.id),
    db.selectFrom('polls').select('options').where('status_id', '=', status.id).executeTakeFirst(),
  ]);
  return {
    text: status.text,
    spoiler_text: status.spoiler_text,
    sensitive: status.sensitive,
    media_ids: JSON.stringify(media.mediaIds),
    media_descriptions: JSON.stringify(media.descriptions),
    poll_options: poll?.options ?? null,
    created_at: createdAt,
    content_html: status.content_html ?? null,
  };
}
