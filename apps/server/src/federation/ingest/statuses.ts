import {
  Article,
  Collection,
  Hashtag,
  LanguageString,
  Mention,
  Page,
  PUBLIC_COLLECTION,
  Question,
  QuoteAuthorization,
  type Note,
  type Object as APObject,
} from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/index.js';
import type { QuotePolicyValue, StatusesTable } from '../../db/schema.js';
import { newId, storedId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { parseLocalUrl } from '../../search/local-urls.js';
import { removeStatus, replacePoll } from '../../statuses/compose.js';
import { publishStatus, recordStatusEdit } from '../../statuses/publish.js';
import { escapeHtml } from '../../statuses/text-format.js';
import { htmlToPlainText, sanitizeRemoteHtml } from '../sanitize.js';
import { visibilityFromAddressing } from '../visibility.js';
import { hrefOf } from './accounts.js';
import {
  remoteMediaOf,
  replaceRemoteMedia,
  sameRemoteMedia,
  unlessMediaRejected,
  type RemoteMedia,
} from './attachments.js';
import { requestMediaCopies } from '../media-cache-requests.js';
import { checkRemoteId, loaderOptions, RemoteObjectError, type IngestOptions } from './options.js';
import { webLinkOr } from '../../lib/web-link.js';

export type RemoteStatusObject = Note | Article | Page | Question;

export interface StatusIngestOptions extends IngestOptions {
  /** an Update: a known status takes the new version (an edit, with history); otherwise it is created */
  update?: boolean;
}

const HASHTAG_NAME = /^[\p{L}\p{N}_]{1,100}$/u;
const MAX_SPOILER = 1000;
const MAX_POLL_OPTIONS = 20;

interface RemotePoll {
  options: string[];
  tallies: number[];
  multiple: boolean;
  votersCount: number | null;
  expiresAt: string;
}

/** Everything a remote object says, in our terms, before anything is written. */
interface ParsedStatus {
  uri: string;
  url: string;
  contentHtml: string;
  spoilerText: string;
  sensitive: boolean;
  language: string | null;
  visibility: StatusesTable['visibility'];
  createdAt: string;
  editedAt: string | null;
  inReplyToUri: string | null;
  mentionUris: string[];
  hashtags: string[];
  media: RemoteMedia[];
  poll: RemotePoll | null;
  quote: RemoteQuote | null;
  /** interactionPolicy.canQuote read as our policies; null when the object states none (unknown) */
  quotePolicy: QuotePolicyValue | null;
}

/** What a remote object quotes (FEP-044f `quote`, or Misskey's and Fedibird's properties), and its stamp. */
interface RemoteQuote {
  quotedUri: string;
  /** the QuoteAuthorization the object names, when it names one */
  authorizationUri: string | null;
}

const toIso = (instant: { epochMilliseconds: number } | null): string | null =>
  instant ? new Date(instant.epochMilliseconds).toISOString() : null;

/** Mastodon shows an Article or a Page as its title, its summary and a link to it, not its full content. */
function convertedHtml(object: Article | Page, url: string): string {
  const parts = [object.name?.toString(), object.summary ? htmlToPlainText(object.summary.toString()) : null]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .map((part) => `<p>${escapeHtml(part)}</p>`);
  const href = escapeHtml(url);
  return `${parts.join('')}<p><a href="${href}">${href}</a></p>`;
}

function languageOf(object: APObject): string | null {
  const tagged = object.contents.find((content) => content instanceof LanguageString);
  const language = tagged instanceof LanguageString ? tagged.locale.language : null;
  return language && /^[a-z]{2,3}$/i.test(language) ? language.toLowerCase() : null;
}

async function pollOf(question: Question, options: IngestOptions): Promise<RemotePoll | null> {
  const exclusive = [];
  for await (const option of question.getExclusiveOptions(loaderOptions(options))) exclusive.push(option);
  const inclusive = [];
  for await (const option of question.getInclusiveOptions(loaderOptions(options))) inclusive.push(option);
  const multiple = exclusive.length === 0;
  const choices = (multiple ? inclusive : exclusive).slice(0, MAX_POLL_OPTIONS);
  if (choices.length === 0) return null;
  const tallies = [];
  for (const choice of choices) {
    const replies = await choice.getReplies(loaderOptions(options)).catch(() => null);
    tallies.push(replies instanceof Collection ? Math.max(0, replies.totalItems ?? 0) : 0);
  }
  const closed = question.closed;
  const end = toIso(question.endTime) ?? (closed && typeof closed !== 'boolean' ? toIso(closed) : null);
  return {
    options: choices.map((choice) => choice.name?.toString() ?? ''),
    tallies,
    multiple,
    votersCount: question.voters,
    // a poll without an end stays open for good, as far as this server can tell
    expiresAt: end ?? (closed === true ? nowIso() : '9999-12-31T23:59:59.999Z'),
  };
}

async function parseStatus(
  object: RemoteStatusObject,
  author: AccountRow,
  options: IngestOptions,
): Promise<ParsedStatus> {
  const id = checkRemoteId(object.id, 'object', options);
  if (!author.uri || new URL(author.uri).origin !== id.origin) {
    throw new RemoteObjectError(`The object ${id.href} is not on its author's server`);
  }
  const attributed = object.attributionIds.map((uri) => uri.href);
  if (attributed.length && !attributed.includes(author.uri)) {
    throw new RemoteObjectError(`The object ${id.href} is attributed to someone else`);
  }
  const url = webLinkOr(hrefOf(object.url), id.href);
  const converted = object instanceof Article || object instanceof Page;
  const contentHtml = converted
    ? convertedHtml(object, url)
    : sanitizeRemoteHtml(object.content?.toString() ?? '');
  const mentionUris: string[] = [];
  const hashtags: string[] = [];
  for await (const tag of object.getTags(loaderOptions(options))) {
    if (tag instanceof Mention && tag.href) mentionUris.push(tag.href.href);
    if (tag instanceof Hashtag) {
      const name = tag.name?.toString().replace(/^#/, '').toLowerCase() ?? '';
      if (HASHTAG_NAME.test(name) && !hashtags.includes(name)) hashtags.push(name);
    }
  }
  const now = Date.now();
  const published = object.published ? object.published.epochMilliseconds : now;
  const updated = toIso(object.updated);
  return {
    uri: id.href,
    url,
    contentHtml,
    spoilerText: converted ? '' : (object.summary?.toString() ?? '').trim().slice(0, MAX_SPOILER),
    sensitive: object.sensitive === true,
    language: languageOf(object),
    visibility: visibilityFromAddressing({
      to: object.toIds,
      cc: object.ccIds,
      followersUrl: author.followers_url ?? null,
    }),
    // never in the future: a wrong clock would pin the post above every other
    createdAt: new Date(Math.min(published, now)).toISOString(),
    editedAt: updated && Date.parse(updated) <= now ? updated : null,
    inReplyToUri: object.replyTargetId?.href ?? null,
    mentionUris: [...new Set(mentionUris)],
    hashtags,
    media: await remoteMediaOf(object, options),
    poll: object instanceof Question ? await pollOf(object, options) : null,
    quote: quoteOf(object),
    quotePolicy: quotePolicyOf(object, author),
  };
}

/** The objects that can quote (a Page cannot, in the vocabulary). */
type QuotingObject = Exclude<RemoteStatusObject, Page>;
const canQuote = (object: RemoteStatusObject): object is QuotingObject => !(object instanceof Page);

function quoteOf(object: RemoteStatusObject): RemoteQuote | null {
  if (!canQuote(object)) return null;
  const quoted = object.quoteId ?? object.quoteUrl;
  if (!quoted || !/^https?:$/.test(quoted.protocol)) return null;
  return { quotedUri: quoted.href, authorizationUri: object.quoteAuthorizationId?.href ?? null };
}

function quotePolicyOf(object: RemoteStatusObject, author: AccountRow): QuotePolicyValue | null {
  const rule = object.interactionPolicy?.canQuote;
  if (!rule) return null;
  const automatic = rule.automaticApprovals.map((uri) => uri.href);
  if (automatic.includes(PUBLIC_COLLECTION.href)) return 'public';
  if (author.followers_url && automatic.includes(author.followers_url)) return 'followers';
  return 'nobody';
}

/**
 * Whether the quote of a remote status is authorized: a QuoteAuthorization stamped by the quoted post's author,
 * naming this status and the quoted one (fetched from the author's server). A quote of one of our posts is
 * authorized by our own answer to its QuoteRequest instead (federation/inbox/quotes.ts).
 */
async function verifiedAuthorization(
  object: RemoteStatusObject,
  quote: RemoteQuote,
  quoted: StatusesTable,
  ctx: AppContext,
  options: IngestOptions,
): Promise<boolean> {
  if (!quote.authorizationUri || quoted.local || !canQuote(object)) return false;
  const stamp = await object.getQuoteAuthorization(loaderOptions(options)).catch(() => null);
  if (!(stamp instanceof QuoteAuthorization)) return false;
  const quotedAuthor = await ctx.db
    .selectFrom('accounts')
    .select('uri')
    .where('id', '=', quoted.account_id)
    .executeTakeFirst();
  return (
    stamp.id?.href === quote.authorizationUri &&
    Boolean(quotedAuthor?.uri) &&
    stamp.attributionId?.href === quotedAuthor?.uri &&
    stamp.interactingObjectId?.href === object.id?.href &&
    stamp.interactionTargetId?.href === quoted.uri
  );
}

/** The known status an id names: one of ours by its URL, or a remote one by its uri. */
async function findStatusByUri(db: DbOrTx, publicUrl: string, uri: string) {
  const local = parseLocalUrl(publicUrl, uri);
  if (local) {
    if (local.kind !== 'status') return undefined;
    return db
      .selectFrom('statuses')
      .selectAll()
      .where('id', '=', storedId(local.id))
      .where('local', '=', 1)
      .executeTakeFirst();
  }
  return db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
}

/** The accounts the Mention tags name that this server knows: local ones by their URLs, remote ones by id or page. */
async function mentionedAccounts(ctx: AppContext, tx: Tx, uris: string[], author: AccountRow) {
  const localNames: string[] = [];
  const remoteUris: string[] = [];
  for (const uri of uris) {
    const local = parseLocalUrl(ctx.config.publicUrl, uri);
    if (local?.kind === 'account') localNames.push(local.username.toLowerCase());
    else if (!local) remoteUris.push(uri);
  }
  const accounts: AccountRow[] = [];
  if (localNames.length) {
    accounts.push(
      ...(await tx
        .selectFrom('accounts')
        .selectAll()
        .where('domain', 'is', null)
        .where('username_lower', 'in', localNames)
        .where('approved', '=', 1)
        .where('disabled', '=', 0)
        .execute()),
    );
  }
  if (remoteUris.length) {
    accounts.push(
      ...(await tx
        .selectFrom('accounts')
        .selectAll()
        .where('domain', 'is not', null)
        .where((eb) => eb.or([eb('uri', 'in', remoteUris), eb('url', 'in', remoteUris)]))
        .execute()),
    );
  }
  const seen = new Set<string>();
  return accounts.filter(
    (account) => account.id !== author.id && !seen.has(account.id) && seen.add(account.id),
  );
}

/** The first link of the HTML that is neither a mention nor a hashtag: its preview card. */
function firstPlainLink(html: string): string | null {
  for (const match of html.matchAll(/<a ([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    if (/class="[^"]*\b(mention|hashtag)\b/.test(attributes)) continue;
    const href = /href="(https?:\/\/[^"]+)"/.exec(attributes)?.[1];
    if (href) return href.replace(/&amp;/g, '&');
  }
  return null;
}

async function writePoll(tx: Tx, statusId: string, authorId: string, poll: RemotePoll | null): Promise<void> {
  const current = await tx
    .selectFrom('polls')
    .select(['id', 'options'])
    .where('status_id', '=', statusId)
    .executeTakeFirst();
  const tallies = {
    remote_tallies_json: poll ? JSON.stringify(poll.tallies) : null,
    remote_voters_count: poll?.votersCount ?? null,
  };
  if (current && poll && current.options === JSON.stringify(poll.options)) {
    await tx
      .updateTable('polls')
      .set({ ...tallies, expires_at: poll.expiresAt, multiple: poll.multiple ? 1 : 0 })
      .where('id', '=', current.id)
      .execute();
    return;
  }
  // a changed poll is a new poll (its votes go), as for local edits
  await replacePoll(
    tx,
    statusId,
    poll && {
      account_id: authorId,
      options: JSON.stringify(poll.options),
      multiple: poll.multiple ? 1 : 0,
      hide_totals: 0,
      expires_at: poll.expiresAt,
      ...tallies,
    },
  );
}

/** Local-thread columns of a reply: its parent when known here, else the parent's uri to fetch later. */
async function threadOf(ctx: AppContext, parsed: ParsedStatus, id: string) {
  const parent = parsed.inReplyToUri
    ? await findStatusByUri(ctx.db, ctx.config.publicUrl, parsed.inReplyToUri)
    : undefined;
  if (parent && !parent.reblog_of_id && !parent.deleted_at) {
    return {
      in_reply_to_id: parent.id,
      in_reply_to_account_id: parent.account_id,
      in_reply_to_uri: null,
      conversation_id: parent.conversation_id ?? parent.id,
    };
  }
  return {
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    in_reply_to_uri: parsed.inReplyToUri,
    conversation_id: id,
  };
}

/** A remote status's quote, ready to store: what it quotes (when known here) and whether it is authorized. */
interface ResolvedQuote {
  quoted: StatusesTable | null;
  quotedUri: string;
  state: 'pending' | 'accepted';
  approvalUri: string | null;
}

async function resolveQuote(
  ctx: AppContext,
  object: RemoteStatusObject,
  parsed: ParsedStatus,
  options: IngestOptions,
): Promise<ResolvedQuote | null> {
  if (!parsed.quote) return null;
  const quoted = (await findStatusByUri(ctx.db, ctx.config.publicUrl, parsed.quote.quotedUri)) ?? null;
  const authorized = quoted ? await verifiedAuthorization(object, parsed.quote, quoted, ctx, options) : false;
  return {
    quoted: quoted && !quoted.reblog_of_id ? quoted : null,
    quotedUri: parsed.quote.quotedUri,
    state: authorized ? 'accepted' : 'pending',
    approvalUri: authorized ? parsed.quote.authorizationUri : null,
  };
}

async function createRemoteStatus(
  ctx: AppContext,
  parsed: ParsedStatus,
  author: AccountRow,
  quote: ResolvedQuote | null,
): Promise<StatusesTable | null> {
  const id = newId();
  const thread = await threadOf(ctx, parsed, id);
  const status: StatusesTable = {
    id,
    account_id: author.id,
    reblog_of_id: null,
    ...thread,
    text: htmlToPlainText(parsed.contentHtml),
    content_html: parsed.contentHtml,
    spoiler_text: parsed.spoilerText,
    visibility: parsed.visibility,
    sensitive: parsed.sensitive ? 1 : 0,
    language: parsed.language,
    local: 0,
    uri: parsed.uri,
    url: parsed.url,
    link_url: firstPlainLink(parsed.contentHtml),
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    quote_policy: parsed.quotePolicy,
    quotes_count: 0,
    created_at: parsed.createdAt,
    edited_at: parsed.editedAt,
    deleted_at: null,
  };
  const mediaIds: string[] = [];
  const created = await publishStatus(ctx, {
    status,
    author,
    writeParts: async (tx) => {
      mediaIds.push(...(await replaceRemoteMedia(tx, id, author.id, parsed.media)));
      await writePoll(tx, id, author.id, parsed.poll);
      const mentioned = await mentionedAccounts(ctx, tx, parsed.mentionUris, author);
      return { mentioned, tagNames: parsed.hashtags };
    },
    quote,
  });
  // the same object delivered twice at once: the other delivery stored it
  if (!created) return (await findStatusByUri(ctx.db, ctx.config.publicUrl, parsed.uri)) ?? null;
  requestMediaCopies(ctx, mediaIds);
  return status;
}

/** Whether an Update changes what a reader sees (a poll's new counts alone do not make an edit). */
async function isEdit(ctx: AppContext, current: StatusesTable, parsed: ParsedStatus): Promise<boolean> {
  const poll = await ctx.db
    .selectFrom('polls')
    .select('options')
    .where('status_id', '=', current.id)
    .executeTakeFirst();
  return (
    current.content_html !== parsed.contentHtml ||
    current.spoiler_text !== parsed.spoilerText ||
    current.sensitive !== (parsed.sensitive ? 1 : 0) ||
    (poll?.options ?? null) !== (parsed.poll ? JSON.stringify(parsed.poll.options) : null) ||
    !(await sameRemoteMedia(ctx.db, current.id, parsed.media))
  );
}

async function updateRemoteStatus(
  ctx: AppContext,
  current: StatusesTable,
  parsed: ParsedStatus,
  author: AccountRow,
): Promise<StatusesTable> {
  if (!(await isEdit(ctx, current, parsed))) {
    await ctx.db.transaction().execute((tx) => writePoll(tx, current.id, author.id, parsed.poll));
    return current;
  }
  const editedAt =
    parsed.editedAt && parsed.editedAt > (current.edited_at ?? '') ? parsed.editedAt : nowIso();
  const updated: StatusesTable = {
    ...current,
    text: htmlToPlainText(parsed.contentHtml),
    content_html: parsed.contentHtml,
    spoiler_text: parsed.spoilerText,
    sensitive: parsed.sensitive ? 1 : 0,
    language: parsed.language ?? current.language,
    link_url: firstPlainLink(parsed.contentHtml),
    quote_policy: parsed.quotePolicy,
    edited_at: editedAt,
  };
  const mediaIds: string[] = [];
  await recordStatusEdit(ctx, {
    current,
    updated,
    author,
    writeParts: async (tx) => {
      if (!(await sameRemoteMedia(tx, current.id, parsed.media))) {
        mediaIds.push(...(await replaceRemoteMedia(tx, current.id, author.id, parsed.media)));
      }
      await writePoll(tx, current.id, author.id, parsed.poll);
      const mentioned = await mentionedAccounts(ctx, tx, parsed.mentionUris, author);
      return { mentioned, tagNames: parsed.hashtags };
    },
  });
  requestMediaCopies(ctx, mediaIds);
  return updated;
}

/**
 * A remote Note, Article, Page or Question by `author` (the account of its attributedTo, already upserted) as a
 * status: sanitized, addressed, threaded, with its mentions, hashtags, media and poll; then into followers'
 * feeds, the streams and the mentioned local accounts' notifications. The same object twice changes nothing;
 * with `update`, a known status takes the new version as an edit. Null when the status was deleted here.
 */
export async function ingestRemoteStatus(
  ctx: AppContext,
  object: RemoteStatusObject,
  author: AccountRow,
  options: StatusIngestOptions = {},
): Promise<StatusesTable | null> {
  if (!author.domain) throw new RemoteObjectError('A remote status needs a remote author');
  const uri = checkRemoteId(object.id, 'object', options).href;
  const existing = await ctx.db.selectFrom('statuses').selectAll().where('uri', '=', uri).executeTakeFirst();
  if (existing?.deleted_at) return null;
  if (existing && existing.account_id !== author.id) {
    throw new RemoteObjectError(`The object ${uri} belongs to another account`);
  }
  if (existing && !options.update) return existing;
  const parsed = await parseStatus(object, author, options);
  parsed.media = await unlessMediaRejected(ctx.db, author.domain, parsed.media);
  return existing
    ? updateRemoteStatus(ctx, existing, parsed, author)
    : createRemoteStatus(ctx, parsed, author, await resolveQuote(ctx, object, parsed, options));
}

/**
 * A remote Delete: the status goes (with its boosts, from feeds, streams and notifications) when `actor` wrote
 * it; anyone else's Delete changes nothing. Returns the deleted status, or null.
 */
export async function deleteRemoteStatus(
  ctx: AppContext,
  uri: string,
  actor: AccountRow,
): Promise<StatusesTable | null> {
  const status = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('uri', '=', uri)
    .where('local', '=', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!status || status.account_id !== actor.id) return null;
  await removeStatus(ctx, status, { deleteMedia: true });
  return status;
}
