import sanitizeHtml from 'sanitize-html';
import { webLinkOr } from '../lib/web-link.js';

/** An account a status mentions, as the formatter needs it: a remote one has its domain and profile page. */
export interface MentionedAccount {
  username: string;
  domain?: string | null | undefined;
  url?: string | null | undefined;
  /** the actor id, the link when `url` is no http(s) URL */
  uri?: string | null | undefined;
}

export interface FormatOptions {
  publicUrl: string;
  /** link #hashtags and the @mentions of `mentions` (statuses, and the hashtags of profile notes) */
  linkTagsAndMentions?: boolean;
  /**
   * With `linkTagsAndMentions`: the accounts the status mentions (its stored mentions, and its author). An
   * @mention links only when it names one of them; any other stays plain text, as in Mastodon.
   */
  mentions?: readonly MentionedAccount[];
  /** this server's domain: `@name@<localDomain>` names the local `name`, any other domain names nobody */
  localDomain?: string;
}

// groups: 1 URL; 2 lead, 3 #tag; 4 lead, 5 @username, 6 its @domain (with a port when it has one)
const TOKEN =
  /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])|(^|[^\w/])#([\p{L}\p{N}_]{1,100})|(^|[^\w/@])@([a-zA-Z0-9_]{1,30})\b(?:@([a-zA-Z0-9_.-]*[a-zA-Z0-9_](?::\d{1,5})?)\b)?/gu;

/**
 * What an @mention names, lower-cased: a local username (`@name`, `@name@<localDomain>`) or a remote
 * `name@domain`.
 */
export function mentionKey(username: string, domain: string | undefined, localDomain?: string): string {
  return localMentionName(username, domain, localDomain) ?? `${username}@${domain ?? ''}`.toLowerCase();
}

/** The key of a mentioned account (see mentionKey). */
const accountKey = (account: MentionedAccount): string =>
  (account.domain ? `${account.username}@${account.domain}` : account.username).toLowerCase();

/**
 * The lower-cased local username an @mention names: `@name`, or `@name@<localDomain>` (case-insensitive).
 * Null for `@name@other.domain`: there are no remote accounts, so it names nobody.
 */
export function localMentionName(
  username: string,
  domain: string | undefined,
  localDomain?: string,
): string | null {
  if (domain !== undefined && domain.toLowerCase() !== localDomain?.toLowerCase()) return null;
  return username.toLowerCase();
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function linkify(line: string, options: FormatOptions, mentioned: Map<string, MentionedAccount>): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    const [whole, url, tagLead, tag, mentionLead, mention, domain] = match;
    const account =
      mention !== undefined ? mentioned.get(mentionKey(mention, domain, options.localDomain)) : undefined;
    const index = match.index;
    if (url) {
      html += escapeHtml(line.slice(last, index));
      const safe = escapeHtml(url);
      html += `<a href="${safe}" rel="nofollow noopener" target="_blank">${safe}</a>`;
    } else if (tag !== undefined && options.linkTagsAndMentions) {
      html += escapeHtml(line.slice(last, index) + (tagLead ?? ''));
      const href = `${options.publicUrl}/tags/${encodeURIComponent(tag.toLowerCase())}`;
      html += `<a href="${escapeHtml(href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`;
    } else if (account && options.linkTagsAndMentions) {
      html += escapeHtml(line.slice(last, index) + (mentionLead ?? ''));
      const href = account.domain
        ? webLinkOr(account.url, account.uri ?? '')
        : `${options.publicUrl}/@${account.username}`;
      html += `<span class="h-card"><a href="${escapeHtml(href)}" class="u-url mention">@<span>${escapeHtml(account.username)}</span></a></span>`;
    } else {
      html += escapeHtml(line.slice(last, index + whole.length));
    }
    last = index + whole.length;
  }
  return html + escapeHtml(line.slice(last));
}

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'a', 'span'],
  allowedAttributes: { a: ['href', 'rel', 'class', 'target'], span: ['class'] },
  allowedSchemes: ['http', 'https'],
};

/** Status HTML from elsewhere (a translation service) reduced to what our own status HTML may contain. */
export const sanitizeStatusHtml = (html: string): string => sanitizeHtml(html, ALLOWED);

/**
 * Rendered HTML by everything it depends on. Every page of a timeline renders the same statuses (and their
 * authors' notes) again; parsing and sanitizing them was a tenth of a home page's server time. Bounded: the
 * least recently used rendering goes first.
 */
const RENDERED_KEPT = 4096;
const rendered = new Map<string, string>();

function renderKey(text: string, options: FormatOptions): string {
  const mentions = options.linkTagsAndMentions
    ? (options.mentions ?? []).map((account) => account.username).sort()
    : [];
  return [
    options.publicUrl,
    options.localDomain ?? '',
    options.linkTagsAndMentions ? '1' : '0',
    ...mentions,
    text,
  ].join('\u0000');
}

/**
 * Plain text as Mastodon-style HTML: paragraphs at blank lines, <br /> at line breaks, linked URLs (and with
 * `linkTagsAndMentions`, linked hashtags and the mentions of `options.mentions`).
 */
export function textToHtml(text: string, options: FormatOptions): string {
  const key = renderKey(text, options);
  const known = rendered.get(key);
  if (known !== undefined) {
    rendered.delete(key);
    rendered.set(key, known);
    return known;
  }
  const html = renderHtml(text, options);
  rendered.set(key, html);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '');
  return html;
}

function renderHtml(text: string, options: FormatOptions): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (!trimmed) return '';
  const mentioned = new Map((options.mentions ?? []).map((account) => [accountKey(account), account]));
  const html = trimmed
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => linkify(line, options, mentioned))
          .join('<br />')}</p>`,
    )
    .join('');
  return sanitizeHtml(html, ALLOWED);
}

/** Hashtag names (lower-cased, without #) found in a status text, in order of first use. */
export function extractHashtags(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    if (match[3]) names.add(match[3].toLowerCase());
  }
  return [...names];
}

/**
 * Lower-cased local usernames mentioned as @name or @name@<localDomain>, in order of first use; a mention
 * of another domain (@name@other.example) names no local account and is left out.
 */
export function extractMentions(text: string, localDomain?: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const name = match[5] ? localMentionName(match[5], match[6], localDomain) : null;
    if (name !== null) names.add(name);
  }
  return [...names];
}

/** `@name@domain` mentions of other servers' accounts (lower-cased), in order of first use. */
export function extractRemoteMentions(
  text: string,
  localDomain: string,
): { username: string; domain: string }[] {
  const found = new Map<string, { username: string; domain: string }>();
  for (const match of text.matchAll(TOKEN)) {
    const [, , , , , username, domain] = match;
    if (!username || !domain || localMentionName(username, domain, localDomain) !== null) continue;
    const key = `${username}@${domain}`.toLowerCase();
    if (!found.has(key)) found.set(key, { username: username.toLowerCase(), domain: domain.toLowerCase() });
  }
  return [...found.values()];
}

/** The first http(s) link of a text: its preview card and the link timeline use it. */
export function extractFirstLink(text: string): string | null {
  for (const match of text.matchAll(TOKEN)) {
    if (match[1]) return match[1];
  }
  return null;
}

/** Mastodon's length rule: every link counts as `urlWeight` characters, whatever its real length. */
export function countStatusCharacters(text: string, urlWeight: number): number {
  let length = 0;
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (!match[1]) continue;
    length += [...text.slice(last, match.index)].length + urlWeight;
    last = match.index + match[0].length;
  }
  return length + [...text.slice(last)].length;
}
