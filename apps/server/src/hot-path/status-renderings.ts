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

/** The pieces of a page's JSON in order: kept UTF-8 (skeletons, punctuation) and the page's own fields. */
interface Pieces {
  list: (Buffer | string)[];
  /** bytes enough for them all (a string's UTF-8 takes at most 3 bytes per UTF-16 unit) */
  room: number;
}

function add(pieces: Pieces, piece: Buffer | string): void {
  pieces.list.push(piece);
  pieces.room += typeof piece === 'string' ? piece.length * 3 : piece.length;
}

function writeStatus(pieces: Pieces, rendering: StatusRendering): void {
  add(pieces, OPEN);
  add(pieces, rendering.skeleton.headJson);
  if (rendering.reblog) {
    add(pieces, REBLOG);
    writeStatus(pieces, rendering.reblog);
    add(pieces, COMMA);
  } else {
    add(pieces, NO_REBLOG);
  }
  add(pieces, rendering.skeleton.tailJson);
  add(pieces, pageJson(rendering.page));
}

/**
 * The JSON array of the renderings' entities, byte for byte what JSON.stringify gives of them, as UTF-8: the
 * skeletons' kept JSON is copied, not stringified or encoded again, into one buffer with the page's fields.
 */
export function statusesJson(renderings: readonly StatusRendering[]): Buffer {
  const pieces: Pieces = { list: ['['], room: 3 };
  renderings.forEach((rendering, index) => {
    if (index > 0) add(pieces, COMMA);
    writeStatus(pieces, rendering);
  });
  add(pieces, ']');
  const json = Buffer.allocUnsafe(pieces.room);
  let length = 0;
  for (const piece of pieces.list) {
    if (typeof piece === 'string') {
      length += json.write(piece, length);
    } else {
      json.set(piece, length);
      length += piece.length;
    }
  }
  return json.subarray(0, length);
}
