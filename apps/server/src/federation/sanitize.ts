import sanitizeHtml from 'sanitize-html';

/** Link schemes Mastodon keeps in remote HTML (Sanitize::Config::LINK_PROTOCOLS); any other link is unlinked. */
const LINK_PROTOCOLS = [
  'http',
  'https',
  'dat',
  'dweb',
  'ipfs',
  'ipns',
  'ssb',
  'gopher',
  'xmpp',
  'magnet',
  'gemini',
];

/** Classes that survive: microformats (h-card, u-url…) and those Mastodon's own HTML uses. */
const ALLOWED_CLASSES = [/^(h|p|u|dt|e)-/, 'mention', 'hashtag', 'ellipsis', 'invisible'];

/** Mastodon keeps `translate="no"` only (text a translation must leave alone); any other value goes. */
function withoutTranslateUnlessNo(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.translate === undefined || attribs.translate === 'no') return attribs;
  const { translate: _dropped, ...rest } = attribs;
  return rest;
}

const keepTranslateNo: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: withoutTranslateUnlessNo(attribs),
});

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

function isAllowedHref(href: string | undefined): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href?.trim() ?? '')?.[1];
  return scheme !== undefined && LINK_PROTOCOLS.includes(scheme.toLowerCase());
}

const REMOTE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'a',
    'del',
    's',
    'pre',
    'blockquote',
    'code',
    'b',
    'strong',
    'u',
    'i',
    'em',
    'ul',
    'ol',
    'li',
    'ruby',
    'rt',
    'rp',
    ...HEADINGS,
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'class', 'target', 'translate'],
    span: ['class', 'translate'],
    ol: ['start', 'reversed'],
    li: ['value'],
    p: ['translate'],
  },
  allowedClasses: { a: ALLOWED_CLASSES, span: ALLOWED_CLASSES },
  allowedSchemes: LINK_PROTOCOLS,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // script, style and the like go with their contents (sanitize-html's default), every other tag is unwrapped
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link Mastodon would not follow (javascript:, data:, relative) keeps its text, unlinked
    a: (tagName, attribs) => {
      if (!isAllowedHref(attribs.href)) {
        const unlinked: sanitizeHtml.Attributes = attribs.class ? { class: attribs.class } : {};
        return { tagName: 'span', attribs: unlinked };
      }
      return {
        tagName,
        attribs: { ...withoutTranslateUnlessNo(attribs), rel: 'nofollow noopener', target: '_blank' },
      };
    },
    span: keepTranslateNo,
    p: keepTranslateNo,
  },
};

/**
 * Remote HTML (a status's content, an account's note or field) reduced to Mastodon's allow-list
 * (Sanitize::Config::MASTODON_STRICT): text formatting, lists, quotes and code stay; links keep their text and
 * get `rel="nofollow noopener"`; a heading becomes a bold paragraph, as Mastodon 4 shows it; scripts, styles,
 * images, event handlers and any other markup are gone.
 */
export function sanitizeRemoteHtml(html: string): string {
  const clean = sanitizeHtml(html, REMOTE);
  // sanitize-html leaves the headings bare (no attribute survives on them), so their tags are exact strings
  return clean.replace(/<h[1-6]>/g, '<p><strong>').replace(/<\/h[1-6]>/g, '</strong></p>');
}

/**
 * The plain text of (sanitized) HTML: line breaks for <br> and paragraph ends, no tags, entities decoded.
 * Search, filters and mention ordering read it.
 */
export function htmlToPlainText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote|pre|h[1-6])>/gi, '\n\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
