import type { Context } from '@fedify/fedify';
import {
  Collection,
  Document,
  Hashtag,
  InteractionPolicy,
  InteractionRule,
  LanguageString,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  type Question,
} from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { AccountsTable, MediaAttachmentsTable, PollsTable, StatusesTable } from '../../db/schema.js';
import { pollOptions } from '../../polls/serializer.js';
import { textToHtml } from '../../statuses/text-format.js';
import { addressingForVisibility } from '../visibility.js';
import { MastodonNote, MastodonQuestion, MEDIA_TERMS, TOOT } from './media-terms.js';
import { storedFileUrl } from '../../media/urls.js';

type StatusRow = StatusesTable;
type AuthorRow = Pick<AccountsTable, 'id' | 'username'>;
/** a mentioned account: local, or remote with its actor id and domain */
type MentionedRow = Pick<AccountsTable, 'id' | 'username' | 'domain' | 'uri' | 'url'>;

/** What the Notes of a batch of statuses need besides the rows, loaded in a few queries. */
interface NoteParts {
  authors: Map<string, AuthorRow>;
  mentions: Map<string, MentionedRow[]>;
  tags: Map<string, string[]>;
  media: Map<string, MediaAttachmentsTable[]>;
  polls: Map<string, { poll: PollsTable; counts: number[]; voters: number }>;
  /** the parent of each reply: its id, author's username, and its uri when it is remote */
  parents: Map<string, ParentRow>;
  /** what each quoting status quotes: the quoted post's id and, once authorized, the authorization's id */
  quotes: Map<string, { quotedUri: string; approvalUri: string | null }>;
}

function groupBy<T, V>(rows: T[], key: (row: T) => string, value: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
}

async function loadNoteParts(ctx: AppContext, statuses: StatusRow[]): Promise<NoteParts> {
  const ids = statuses.map((status) => status.id);
  const authorIds = [...new Set(statuses.map((status) => status.account_id))];
  const parentIds = [...new Set(statuses.flatMap((status) => status.in_reply_to_id ?? []))];
  const none = ids.length === 0;
  const [authors, mentions, tags, media, polls, parents, quotes] = await Promise.all([
    none
      ? []
      : ctx.db.selectFrom('accounts').select(['id', 'username']).where('id', 'in', authorIds).execute(),
    none
      ? []
      : ctx.db
          .selectFrom('status_mentions')
          .innerJoin('accounts', 'accounts.id', 'status_mentions.account_id')
          .select([
            'status_mentions.status_id',
            'accounts.id',
            'accounts.username',
            'accounts.domain',
            'accounts.uri',
            'accounts.url',
          ])
          .where('status_mentions.status_id', 'in', ids)
          .execute(),
    none
      ? []
      : ctx.db
          .selectFrom('status_tags')
          .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
          .select(['status_tags.status_id', 'tags.name'])
          .where('status_tags.status_id', 'in', ids)
          .execute(),
    none
      ? []
      : ctx.db
          .selectFrom('status_media')
          .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
          .selectAll('media_attachments')
          .select('status_media.position')
          .where('status_media.status_id', 'in', ids)
          .orderBy('status_media.position')
          .execute(),
    none ? [] : ctx.db.selectFrom('polls').selectAll().where('status_id', 'in', ids).execute(),
    parentIds.length === 0
      ? []
      : ctx.db
          .selectFrom('statuses')
          .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
          .select(['statuses.id', 'statuses.uri', 'accounts.username'])
          .where('statuses.id', 'in', parentIds)
          .execute(),
    none ? new Map<string, { quotedUri: string; approvalUri: string | null }>() : quotesOf(ctx, ids),
  ]);
  const votes =
    polls.length === 0
      ? []
      : await ctx.db
          .selectFrom('poll_votes')
          .select(['poll_id', 'account_id', 'choice'])
          .where(
            'poll_id',
            'in',
            polls.map((poll) => poll.id),
          )
          .execute();
  return {
    authors: new Map(authors.map((row) => [row.id, row])),
    mentions: groupBy(
      mentions,
      (row) => row.status_id,
      (row) => ({
        id: row.id,
        username: row.username,
        domain: row.domain ?? null,
        uri: row.uri ?? null,
        url: row.url ?? null,
      }),
    ),
    tags: groupBy(
      tags,
      (row) => row.status_id,
      (row) => row.name,
    ),
    media: groupBy(
      media,
      (row) => row.status_id ?? '',
      (row) => row,
    ),
    polls: new Map(
      polls.map((poll) => {
        const mine = votes.filter((vote) => vote.poll_id === poll.id);
        const counts = pollOptions(poll).map(
          (_, index) => mine.filter((vote) => vote.choice === index).length,
        );
        return [poll.status_id, { poll, counts, voters: new Set(mine.map((vote) => vote.account_id)).size }];
      }),
    ),
    parents: new Map(
      parents.map((row) => [row.id, { id: row.id, username: row.username, uri: row.uri ?? null }]),
    ),
    quotes,
  };
}

/**
 * The quotes the statuses carry, as FEP-044f writes them: the quoted post's id, and the QuoteAuthorization's
 * id once the quote is accepted (a local author's is served under their actor). Revoked and rejected quotes
 * are not sent.
 */
async function quotesOf(ctx: AppContext, ids: string[]) {
  const rows = await ctx.db
    .selectFrom('quotes')
    .leftJoin('statuses as quoted', 'quoted.id', 'quotes.quoted_status_id')
    .leftJoin('accounts as quoted_author', 'quoted_author.id', 'quoted.account_id')
    .select([
      'quotes.id',
      'quotes.status_id',
      'quotes.state',
      'quotes.quoted_uri',
      'quotes.approval_uri',
      'quoted.id as quoted_id',
      'quoted.uri as quoted_status_uri',
      'quoted_author.username as quoted_username',
    ])
    .where('quotes.status_id', 'in', ids)
    .where('quotes.state', 'in', ['pending', 'accepted'])
    .execute();
  const quotes = new Map<string, { quotedUri: string; approvalUri: string | null }>();
  for (const row of rows) {
    const localQuoted = row.quoted_id && !row.quoted_status_uri && row.quoted_username;
    const quotedUri = localQuoted
      ? `${ctx.config.publicUrl}/users/${row.quoted_username}/statuses/${row.quoted_id}`
      : (row.quoted_status_uri ?? row.quoted_uri);
    if (!quotedUri) continue;
    const approvalUri =
      row.state !== 'accepted'
        ? null
        : localQuoted
          ? `${ctx.config.publicUrl}/users/${row.quoted_username}/quote_authorizations/${row.id}`
          : row.approval_uri;
    quotes.set(row.status_id, { quotedUri, approvalUri });
  }
  return quotes;
}

/** FEP-044f / GoToSocial's interactionPolicy.canQuote: who is automatically allowed to quote the status. */
function quotePolicyOf(context: Context<AppContext>, status: StatusRow, username: string): InteractionPolicy {
  const author = context.getActorUri(username);
  const policy =
    status.visibility === 'private' || status.visibility === 'direct' ? 'nobody' : status.quote_policy;
  const automatic =
    policy === 'public'
      ? [PUBLIC_COLLECTION, author]
      : policy === 'followers'
        ? [context.getFollowersUri(username), author]
        : [author];
  return new InteractionPolicy({ canQuote: new InteractionRule({ automaticApprovals: automatic }) });
}

interface ParentRow {
  id: string;
  username: string;
  /** a remote parent's id; null for a local one (computed) */
  uri: string | null;
}

/** A mentioned account's actor id: a remote account's stored uri, the local actor URI otherwise. */
function mentionedActorUri(context: Context<AppContext>, account: MentionedRow): URL {
  return account.domain && account.uri ? new URL(account.uri) : context.getActorUri(account.username);
}

/** The id of a local status: `${PUBLIC_URL}/users/{username}/statuses/{id}`. */
export function statusUri(context: Context<AppContext>, username: string, statusId: string): URL {
  return context.getObjectUri(Note, { identifier: username, id: statusId });
}

interface MediaExtensions {
  blurhash: string | null;
  /** Mastodon's focus: x and y from -1 to 1, y upwards */
  focalPoint: [number, number] | null;
}

/**
 * A Document with Mastodon's media extensions (`blurhash`, `focalPoint`), which Fedify's vocabulary lacks:
 * added to the JSON-LD Fedify writes, as plain terms with their definitions, or as IRIs when it expands (a
 * Note or an activity compacting it writes them as Mastodon does through media-terms.ts).
 */
class MastodonDocument extends Document {
  readonly #extensions: MediaExtensions;

  constructor(values: ConstructorParameters<typeof Document>[0], extensions: MediaExtensions) {
    super(values);
    this.#extensions = extensions;
  }

  override async toJsonLd(options?: Parameters<Document['toJsonLd']>[0]): Promise<unknown> {
    const json = await super.toJsonLd(options);
    const { blurhash, focalPoint } = this.#extensions;
    if (options?.format === 'expand') {
      const [node] = json as Record<string, unknown>[];
      if (node && blurhash) node[`${TOOT}blurhash`] = [{ '@value': blurhash }];
      if (node && focalPoint) {
        node[`${TOOT}focalPoint`] = [{ '@list': focalPoint.map((value) => ({ '@value': value })) }];
      }
      return json;
    }
    const node = json as Record<string, unknown>;
    const context = node['@context'];
    return {
      ...node,
      // a nested @context adds to the enclosing one
      '@context': context === undefined ? MEDIA_TERMS : [context, MEDIA_TERMS].flat(),
      ...(blurhash ? { blurhash } : {}),
      ...(focalPoint ? { focalPoint } : {}),
    };
  }
}

export function attachmentOf(ctx: AppContext, media: MediaAttachmentsTable): Document {
  return new MastodonDocument(
    {
      mediaType: media.content_type,
      // a remote member's media, relayed by a group, keeps its own server's URL
      url: new URL(media.remote_url ?? storedFileUrl(ctx.config, media.file_path ?? '')),
      name: media.description || null,
      width: media.width,
      height: media.height,
    },
    {
      blurhash: media.blurhash,
      focalPoint: media.focus_x !== null && media.focus_y !== null ? [media.focus_x, media.focus_y] : null,
    },
  );
}

function noteOf(context: Context<AppContext>, status: StatusRow, parts: NoteParts): Note | Question {
  const ctx = context.data;
  const { publicUrl, localDomain } = ctx.config;
  const author = parts.authors.get(status.account_id);
  if (!author) throw new Error(`The author of status ${status.id} is missing`);
  const mentioned = parts.mentions.get(status.id) ?? [];
  const tagNames = parts.tags.get(status.id) ?? [];
  const parent = status.in_reply_to_id ? parts.parents.get(status.in_reply_to_id) : undefined;
  const quote = parts.quotes.get(status.id);
  const content = textToHtml(status.text, {
    publicUrl,
    linkTagsAndMentions: true,
    mentions: [...mentioned, author],
    localDomain,
  });
  const mentionedUris = mentioned.map((account) => mentionedActorUri(context, account));
  const { to, cc } = addressingForVisibility({
    visibility: status.visibility,
    followersUrl: context.getFollowersUri(author.username),
    mentionedUris,
  });
  const values = {
    id: statusUri(context, author.username, status.id),
    url: new URL(`${publicUrl}/@${author.username}/${status.id}`),
    attribution: context.getActorUri(author.username),
    tos: to,
    ccs: cc,
    // content, and contentMap with the language when it is known (Mastodon sends both)
    contents: status.language ? [content, new LanguageString(content, status.language)] : [content],
    summary: status.spoiler_text || null,
    sensitive: status.sensitive === 1,
    published: Temporal.Instant.from(status.created_at),
    updated: status.edited_at ? Temporal.Instant.from(status.edited_at) : null,
    replyTarget: parent
      ? parent.uri
        ? new URL(parent.uri)
        : statusUri(context, parent.username, parent.id)
      : null,
    tags: [
      ...mentioned.map(
        (account, index) =>
          new Mention({
            href: mentionedUris[index],
            name: `@${account.username}@${account.domain ?? localDomain}`,
          }),
      ),
      ...tagNames.map(
        (name) =>
          new Hashtag({ href: new URL(`${publicUrl}/tags/${encodeURIComponent(name)}`), name: `#${name}` }),
      ),
    ],
    attachments: (parts.media.get(status.id) ?? []).map((media) => attachmentOf(ctx, media)),
    interactionPolicy: quotePolicyOf(context, status, author.username),
    // FEP-044f's `quote`, with Misskey's and Fedibird's properties (Fedify's quoteUrl) for older readers
    quote: quote ? new URL(quote.quotedUri) : null,
    quoteUrl: quote ? new URL(quote.quotedUri) : null,
    quoteAuthorization: quote?.approvalUri ? new URL(quote.approvalUri) : null,
  };
  const poll = parts.polls.get(status.id);
  if (!poll) return new MastodonNote(values);
  const options = pollOptions(poll.poll).map(
    (title, index) =>
      new Note({ name: title, replies: new Collection({ totalItems: poll.counts[index] ?? 0 }) }),
  );
  const endTime = Temporal.Instant.from(poll.poll.expires_at);
  return new MastodonQuestion({
    ...values,
    ...(poll.poll.multiple ? { inclusiveOptions: options } : { exclusiveOptions: options }),
    endTime,
    closed: Date.parse(poll.poll.expires_at) <= Date.now() ? endTime : null,
    voters: poll.voters,
  });
}

/** Local statuses as Notes (Questions for polls), in the given order; reblogs are not Notes (see outbox). */
export async function notesOf(
  context: Context<AppContext>,
  statuses: StatusRow[],
): Promise<(Note | Question)[]> {
  const parts = await loadNoteParts(context.data, statuses);
  return statuses.map((status) => noteOf(context, status, parts));
}

export async function noteOfStatus(
  context: Context<AppContext>,
  status: StatusRow,
): Promise<Note | Question> {
  const [note] = await notesOf(context, [status]);
  return note!;
}
