import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { createOnce } from '../db/idempotency.js';
import type { Tx } from '../db/index.js';
import type { NotificationsTable, PollsTable, StatusesTable } from '../db/schema.js';
import { notFound, unprocessable } from '../http/errors.js';
import {
  CHARACTERS_RESERVED_PER_URL,
  POLL_MAX_CHARACTERS_PER_OPTION,
  POLL_MAX_EXPIRATION,
  POLL_MAX_OPTIONS,
  POLL_MIN_EXPIRATION,
  STATUS_MAX_CHARACTERS,
  STATUS_MAX_MEDIA_ATTACHMENTS,
} from '../instance/limits.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { loadPostingDefaults } from '../accounts/posting-defaults.js';
import { serializeAccount } from '../accounts/serializer.js';
import { removeFiles } from '../media/service.js';
import { transactionWithEvents } from '../events/transaction.js';
import { adjustStatusesCount } from '../accounts/store.js';
import { adjustStatusCounter } from './counters.js';
import { removeStatusesFromFeeds } from '../timelines/feeds.js';
import type { StatusInput } from './schema.js';
import { applyMediaChanges, checkMediaAttributes, claimMedia, releaseStatusMedia } from './status-media.js';
import { findVisibleStatus } from './service.js';
import { publishStatus, recordStatusEdit } from './publish.js';
import { effectiveQuotePolicy, type QuoteDecision } from './quote-policy.js';
import {
  dropQuote,
  findQuotable,
  initialQuoteState,
  insertQuote,
  notifyQuotersOfEdit,
  quoteOfStatus,
} from './quotes.js';
import {
  countStatusCharacters,
  extractFirstLink,
  extractHashtags,
  extractMentions,
  extractRemoteMentions,
} from './text-format.js';
import { message } from '../i18n/format.js';

interface CheckedContent {
  text: string;
  spoilerText: string;
  mediaIds: string[];
  poll: { options: string[]; expiresIn: number; multiple: boolean; hideTotals: boolean } | null;
}

/** A moderator's "sensitive" action marks the media of every post the account writes or edits. */
const forcedSensitive = (author: AccountRow, content: CheckedContent): boolean =>
  Boolean(author.sensitized_at) && content.mediaIds.length > 0;

/** The content rules shared by create, edit and scheduling; throws 422 with Mastodon-like messages. */
export function checkContent(input: StatusInput): CheckedContent {
  const text = (input.status ?? '').replace(/\r\n?/g, '\n');
  const spoilerText = (input.spoiler_text ?? '').trim();
  const mediaIds = [...new Set(input.media_ids ?? [])];
  if (mediaIds.some((id) => !isId(id))) throw unprocessable('statuses.media_ids');
  const poll = input.poll ?? null;
  if (!text.trim() && mediaIds.length === 0 && !poll) {
    throw unprocessable('statuses.blank', 'blank_status');
  }
  const length = countStatusCharacters(text, CHARACTERS_RESERVED_PER_URL) + [...spoilerText].length;
  if (length > STATUS_MAX_CHARACTERS) {
    throw unprocessable(message('statuses.too_long', { max: STATUS_MAX_CHARACTERS }), 'too_long');
  }
  if (mediaIds.length > STATUS_MAX_MEDIA_ATTACHMENTS) {
    throw unprocessable(
      message('statuses.too_many_media', { max: STATUS_MAX_MEDIA_ATTACHMENTS }),
      'too_many_media',
    );
  }
  if (poll && mediaIds.length) {
    throw unprocessable('statuses.media_and_poll', 'media_and_poll');
  }
  if (poll) {
    const options = poll.options.map((option) => option.trim());
    if (options.length < 2 || options.length > POLL_MAX_OPTIONS)
      throw unprocessable(message('statuses.poll_option_count', { max: POLL_MAX_OPTIONS }), 'poll_options');
    if (options.some((option) => !option || [...option].length > POLL_MAX_CHARACTERS_PER_OPTION))
      throw unprocessable(
        message('statuses.poll_option_length', { max: POLL_MAX_CHARACTERS_PER_OPTION }),
        'poll_options',
      );
    if (new Set(options).size !== options.length)
      throw unprocessable('statuses.poll_options_same', 'poll_options');
    if (poll.expires_in < POLL_MIN_EXPIRATION || poll.expires_in > POLL_MAX_EXPIRATION)
      throw unprocessable('statuses.poll_duration', 'poll_expiry');
    return {
      text,
      spoilerText,
      mediaIds,
      poll: {
        options,
        expiresIn: poll.expires_in,
        multiple: poll.multiple ?? false,
        hideTotals: poll.hide_totals ?? false,
      },
    };
  }
  return { text, spoilerText, mediaIds, poll: null };
}

/**
 * The accounts a status text mentions: existing local accounts named as @name or @name@<localDomain>, and
 * known remote accounts named as @name@domain (unknown ones were resolved just before, with a time bound, by
 * the federation port's resolveNewMentions). These become its status_mentions rows, local ones get notified,
 * and they are the only @mentions its content links (the serializer renders from those rows); an unknown
 * @name or @name@domain names nobody and stays plain text.
 */
async function resolveMentions(tx: Tx, text: string, localDomain: string): Promise<AccountRow[]> {
  const names = extractMentions(text, localDomain);
  const remote = extractRemoteMentions(text, localDomain);
  if (names.length === 0 && remote.length === 0) return [];
  return tx
    .selectFrom('accounts')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(names.length ? [eb.and([eb('domain', 'is', null), eb('username_lower', 'in', names)])] : []),
        ...remote.map(({ username, domain }) =>
          eb.and([eb('domain', '=', domain), eb('username_lower', '=', username)]),
        ),
      ]),
    )
    .where('approved', '=', 1)
    .where('disabled', '=', 0)
    .execute();
}

/** The accounts a local text mentions, its author left out. */
async function mentionedBy(tx: Tx, ctx: AppContext, author: AccountRow, text: string): Promise<AccountRow[]> {
  const mentioned = await resolveMentions(tx, text, ctx.config.localDomain);
  return mentioned.filter((account) => account.id !== author.id);
}

/**
 * Mastodon 4.5's allowed_mentions: a status that would mention anyone outside the list is refused, naming them,
 * so that a client can ask before it notifies people the writer did not mean to.
 */
function refuseUnexpectedMentions(
  ctx: AppContext,
  mentioned: AccountRow[],
  allowed: readonly string[],
): void {
  const expected = new Set(allowed.map((id) => id.replace(/^0+(?=\d)/, '')));
  const unexpected = mentioned.filter((account) => !expected.has(account.id.replace(/^0+(?=\d)/, '')));
  if (unexpected.length === 0) return;
  throw unprocessable('statuses.unexpected_mentions', undefined, {
    unexpected_accounts: unexpected.map((account) => serializeAccount(ctx, account)),
  });
}

/** The poll a status carries: the previous one (and its votes) goes; a new one is written when there is one. */
export async function replacePoll(
  tx: Tx,
  statusId: string,
  poll: Omit<PollsTable, 'id' | 'status_id' | 'ended_notified' | 'created_at'> | null,
): Promise<void> {
  await tx.deleteFrom('polls').where('status_id', '=', statusId).execute();
  if (!poll) return;
  await tx
    .insertInto('polls')
    .values({ id: newId(), status_id: statusId, ended_notified: 0, created_at: nowIso(), ...poll })
    .execute();
}

function insertPoll(tx: Tx, author: AccountRow, statusId: string, poll: CheckedContent['poll']) {
  return replacePoll(
    tx,
    statusId,
    poll && {
      account_id: author.id,
      options: JSON.stringify(poll.options),
      multiple: poll.multiple ? 1 : 0,
      hide_totals: poll.hideTotals ? 1 : 0,
      expires_at: new Date(Date.now() + poll.expiresIn * 1000).toISOString(),
    },
  );
}

export interface CreateOptions {
  idempotencyKey?: string | undefined;
  /** publishing this scheduled status: it goes in the same transaction, and its reserved uploads are used */
  scheduledStatusId?: string | undefined;
}

/**
 * POST /api/v1/statuses: validates everything before writing anything, then writes in one transaction. A
 * repeated Idempotency-Key answers the status the key made first (db/idempotency.ts).
 */
export async function createStatus(
  ctx: AppContext,
  author: AccountRow,
  input: StatusInput,
  options: CreateOptions = {},
): Promise<StatusesTable> {
  const { value } = await createOnce(
    ctx.db,
    { accountId: author.id, kind: 'status', key: options.idempotencyKey },
    {
      load: (id) => ctx.db.selectFrom('statuses').selectAll().where('id', '=', id).executeTakeFirst(),
      create: (claimKey) => writeStatus(ctx, author, input, claimKey, options.scheduledStatusId),
    },
  );
  return value;
}

/** The scheduled status becomes the status: gone with the same commit, or the publishing fails if it is gone. */
async function takeScheduledStatus(tx: Tx, scheduledStatusId: string): Promise<void> {
  const taken = await tx
    .deleteFrom('scheduled_statuses')
    .where('id', '=', scheduledStatusId)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) throw notFound('statuses.scheduled_gone');
}

async function writeStatus(
  ctx: AppContext,
  author: AccountRow,
  input: StatusInput,
  claimKey: (tx: Tx, statusId: string) => Promise<void>,
  scheduledStatusId?: string,
): Promise<StatusesTable> {
  const content = checkContent(input);
  const defaults = await loadPostingDefaults(ctx.db, author.id);
  const parent = input.in_reply_to_id
    ? await findVisibleStatus(ctx.db, author, input.in_reply_to_id).catch(() => {
        throw unprocessable('statuses.reply_missing', 'reply_missing');
      })
    : null;
  if (parent?.reblog_of_id) throw unprocessable('statuses.reply_to_boost', 'reply_to_boost');
  const quote = input.quoted_status_id ? await findQuotable(ctx, author, input.quoted_status_id) : null;
  let visibility = input.visibility ?? defaults.privacy;
  // as Mastodon: a quote of a private post is private too (or stays direct)
  if (quote?.quoted.visibility === 'private' && (visibility === 'public' || visibility === 'unlisted'))
    visibility = 'private';
  const id = newId();
  const now = nowIso();
  const status: StatusesTable = {
    id,
    account_id: author.id,
    in_reply_to_id: parent?.id ?? null,
    in_reply_to_account_id: parent?.account_id ?? null,
    reblog_of_id: null,
    conversation_id: parent ? (parent.conversation_id ?? parent.id) : id,
    text: content.text.trim(),
    spoiler_text: content.spoilerText,
    visibility,
    quote_policy: effectiveQuotePolicy(visibility, input.quote_approval_policy ?? defaults.quotePolicy),
    quotes_count: 0,
    sensitive:
      forcedSensitive(author, content) ||
      (input.sensitive ?? (defaults.sensitive || Boolean(content.spoilerText)))
        ? 1
        : 0,
    language: input.language === undefined ? (defaults.language ?? null) : input.language,
    local: 1,
    link_url: extractFirstLink(content.text),
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    created_at: now,
    edited_at: null,
    deleted_at: null,
  };
  await ctx.federation?.resolveNewMentions(status.text);
  await publishStatus(ctx, {
    status,
    author,
    writeParts: async (tx) => {
      // first: a concurrent repeat waits here for this one, rather than fail on the media this one takes
      await claimKey(tx, id);
      if (scheduledStatusId) await takeScheduledStatus(tx, scheduledStatusId);
      if (content.mediaIds.length) await claimMedia(tx, author, content.mediaIds, id, scheduledStatusId);
      await insertPoll(tx, author, id, content.poll);
      const mentioned = await mentionedBy(tx, ctx, author, status.text);
      if (input.allowed_mentions) refuseUnexpectedMentions(ctx, mentioned, input.allowed_mentions);
      return { mentioned, tagNames: extractHashtags(status.text) };
    },
    quote: quote && { quoted: quote.quoted, state: initialQuoteState(quote.quoted, quote.decision) },
  });
  return status;
}

/** The author's own undeleted status, or 404 (someone else's status is not found either, as in Mastodon). */
export async function findOwnStatus(ctx: AppContext, author: AccountRow, id: string): Promise<StatusesTable> {
  const row = isId(id)
    ? await ctx.db
        .selectFrom('statuses')
        .selectAll()
        .where('id', '=', storedId(id))
        .where('account_id', '=', author.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

/**
 * PUT /api/v1/statuses/:id: new text, warning, sensitivity, language, media (added, removed, reordered, with
 * new descriptions and focal points through media_attributes) or poll (a changed poll starts over without
 * votes). The first edit also records the original version; boosters get an `update`.
 */
export async function editStatus(
  ctx: AppContext,
  author: AccountRow,
  id: string,
  input: StatusInput,
): Promise<StatusesTable> {
  const current = await findOwnStatus(ctx, author, id);
  if (current.reblog_of_id) throw unprocessable('statuses.edit_boost', 'edit_boost');
  const content = checkContent(input);
  const mediaChanges = checkMediaAttributes(input.media_attributes ?? [], content.mediaIds);
  const quoteChange = await editedQuote(ctx, author, current, input.quoted_status_id);
  const now = nowIso();
  const updated: StatusesTable = {
    ...current,
    quote_policy: input.quote_approval_policy
      ? effectiveQuotePolicy(current.visibility, input.quote_approval_policy)
      : (current.quote_policy ?? null),
    text: content.text.trim(),
    spoiler_text: content.spoilerText,
    sensitive: forcedSensitive(author, content) || (input.sensitive ?? Boolean(content.spoilerText)) ? 1 : 0,
    language: input.language === undefined ? current.language : input.language,
    link_url: extractFirstLink(content.text),
    edited_at: now,
  };
  await ctx.federation?.resolveNewMentions(updated.text);
  await recordStatusEdit(ctx, {
    current,
    updated,
    author,
    writeParts: async (tx) => {
      const oldPoll = await tx
        .selectFrom('polls')
        .select('options')
        .where('status_id', '=', current.id)
        .executeTakeFirst();
      await claimMedia(tx, author, content.mediaIds, current.id);
      await applyMediaChanges(tx, current.id, mediaChanges);
      const pollChanged =
        (oldPoll?.options ?? null) !== (content.poll ? JSON.stringify(content.poll.options) : null);
      if (pollChanged) await insertPoll(tx, author, current.id, content.poll);
      const notifications: (NotificationsTable | null)[] = [];
      if (quoteChange) {
        await dropQuote(tx, current.id);
        if (quoteChange.quoted)
          notifications.push(
            await insertQuote(tx, {
              status: updated,
              quoted: quoteChange.quoted,
              state: initialQuoteState(quoteChange.quoted, quoteChange.decision),
            }),
          );
      }
      const mentioned = await mentionedBy(tx, ctx, author, updated.text);
      return {
        mentioned,
        tagNames: extractHashtags(updated.text),
        notifications,
        quoted: quoteChange?.quoted ?? null,
      };
    },
    notifyAlso: notifyQuotersOfEdit,
  });
  return updated;
}

/**
 * What an edit does to the quote, as Mastodon 4.5 allows: `quoted_status_id` absent keeps it; null or empty
 * removes it; another post (checked as a new quote is) replaces it. Null when nothing changes.
 */
async function editedQuote(
  ctx: AppContext,
  author: AccountRow,
  current: StatusesTable,
  quotedStatusId: string | null | undefined,
): Promise<{ quoted: null } | { quoted: StatusesTable; decision: QuoteDecision } | null> {
  if (quotedStatusId === undefined) return null;
  const existing = await quoteOfStatus(ctx.db, current.id);
  if (quotedStatusId === null) return existing ? { quoted: null } : null;
  if (existing?.quoted_status_id === storedId(quotedStatusId)) return null;
  const { quoted, decision } = await findQuotable(ctx, author, quotedStatusId);
  if (existing?.quoted_status_id === quoted.id) return null;
  return { quoted, decision };
}

export interface DeleteOptions {
  /** Mastodon's delete_media: remove the attachments and their files instead of releasing them */
  deleteMedia?: boolean;
}

/**
 * DELETE /api/v1/statuses/:id: the status and its boosts disappear; its media are released so that
 * "delete and redraft" can attach them again, or removed with `deleteMedia`.
 */
export async function deleteStatus(
  ctx: AppContext,
  author: AccountRow,
  id: string,
  options: DeleteOptions = {},
): Promise<StatusesTable> {
  const status = await findOwnStatus(ctx, author, id);
  await removeStatus(ctx, status, options);
  return status;
}

/**
 * Marks a status deleted with its boosts, takes it out of counters, pins, notifications and feeds, releases or
 * removes its media, and streams the deletions (a local author's DELETE, a remote author's Delete).
 */
export async function removeStatus(
  ctx: AppContext,
  status: StatusesTable,
  options: DeleteOptions = {},
): Promise<void> {
  const now = nowIso();
  const files = await transactionWithEvents(ctx, async (tx, emit) => {
    await tx.updateTable('statuses').set({ deleted_at: now }).where('id', '=', status.id).execute();
    const boostRows = await tx
      .selectFrom('statuses')
      .selectAll()
      .where('reblog_of_id', '=', status.id)
      .where('deleted_at', 'is', null)
      .execute();
    await tx.updateTable('statuses').set({ deleted_at: now }).where('reblog_of_id', '=', status.id).execute();
    for (const boost of boostRows) await adjustStatusesCount(tx, boost.account_id, { delta: -1 });
    await adjustStatusesCount(tx, status.account_id, { delta: -1 });
    if (status.in_reply_to_id) await adjustStatusCounter(tx, status.in_reply_to_id, 'replies_count', -1);
    if (status.reblog_of_id) await adjustStatusCounter(tx, status.reblog_of_id, 'reblogs_count', -1);
    await tx.deleteFrom('status_pins').where('status_id', '=', status.id).execute();
    await tx.deleteFrom('notifications').where('status_id', '=', status.id).execute();
    await dropQuote(tx, status.id);
    await removeStatusesFromFeeds(tx, [status.id, ...boostRows.map((boost) => boost.id)]);
    const removed = await releaseStatusMedia(tx, status.id, options.deleteMedia ?? false);
    await emit({ type: 'StatusDeleted', status, boosts: boostRows });
    return removed;
  });
  // files go once their rows are gone for good: a store failure leaves an orphan file, never a broken row
  for (const file of files) await removeFiles(ctx, file).catch(() => undefined);
}
