import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const ALLOWED_TAGS = [
  'p',
  'br',
  'span',
  'a',
  'del',
  'pre',
  'code',
  'em',
  'strong',
  'b',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
];
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'nofollow noopener noreferrer');
  }
});

const ALLOWED_ATTR = ['href', 'rel', 'target', 'class', 'title', 'lang'];

/** Server HTML (statuses, notes, fields, policies), sanitized with DOMPurify before it reaches the DOM. */
export function Html({
  html,
  className,
  as = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false }),
    [html],
  );
  const Tag = as;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
