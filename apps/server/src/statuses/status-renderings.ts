import type { Status } from '@palchat/api';
import type { StatusHead, StatusSkeleton, StatusTail } from './rendered-statuses.js';

/** What a page adds to a status's skeleton: card, poll, quote, the viewer's marks…, `filtered` last. */
export type PageFields = Omit<Status, keyof StatusHead | keyof StatusTail | 'reblog'>;

/**
 * A status as a page shows it: its kept skeleton, the status it boosts and the page's own fields. The entity
 * is made of it only where objects are needed; a timeline's JSON is written from it directly.
 */
export interface StatusRendering {
  skeleton: StatusSkeleton;
  reblog: StatusRendering | null;
  page: PageFields;
}

/** The Mastodon Status entity of a rendering (fields in the entity's order). */
export function statusEntity(rendering: StatusRendering): Status {
  const { skeleton, reblog, page } = rendering;
  return { ...skeleton.head, reblog: reblog ? statusEntity(reblog) : null, ...skeleton.tail, ...page };
}

const REBLOG = Buffer.from(',"reblog":');
const NO_REBLOG = Buffer.from(',"reblog":null,');
const COMMA = Buffer.from(',');
const OPEN = Buffer.from('{');
const OPEN_ARRAY = Buffer.from('[');
const CLOSE_ARRAY = Buffer.from(']');

const keyJson = new Map<string, string>();

/** The page's fields as JSON members, each preceded by a comma, then the entity's closing brace. */
function pageJson(page: PageFields): string {
  let json = '';
  for (const key in page) {
    const value = (page as Record<string, unknown>)[key];
    if (value === undefined) continue;
    let name = keyJson.get(key);
    if (name === undefined) {
      name = `,${JSON.stringify(key)}:`;
      keyJson.set(key, name);
    }
    json +=
      name + (value === null ? 'null' : typeof value === 'boolean' ? String(value) : JSON.stringify(value));
  }
  return `${json}}`;
}

function writeStatus(chunks: Buffer[], rendering: StatusRendering): void {
  chunks.push(OPEN, rendering.skeleton.headJson);
  if (rendering.reblog) {
    chunks.push(REBLOG);
    writeStatus(chunks, rendering.reblog);
    chunks.push(COMMA);
  } else {
    chunks.push(NO_REBLOG);
  }
  chunks.push(rendering.skeleton.tailJson, Buffer.from(pageJson(rendering.page)));
}

/**
 * The JSON array of the renderings' entities, byte for byte what JSON.stringify gives of them, as UTF-8: the
 * skeletons' kept JSON is copied, not stringified or encoded again.
 */
export function statusesJson(renderings: readonly StatusRendering[]): Buffer {
  const chunks: Buffer[] = [OPEN_ARRAY];
  renderings.forEach((rendering, index) => {
    if (index > 0) chunks.push(COMMA);
    writeStatus(chunks, rendering);
  });
  chunks.push(CLOSE_ARRAY);
  return Buffer.concat(chunks);
}
