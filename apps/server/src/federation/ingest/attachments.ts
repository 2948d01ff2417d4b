import { Audio, Image, Video, type Object as APObject } from '@fedify/vocab';
import type { DbOrTx, Tx } from '../../db/index.js';
import type { MediaAttachmentsTable } from '../../db/schema.js';
import { STATUS_MAX_MEDIA_ATTACHMENTS } from '../../instance/limits.js';
import { newId } from '../../lib/ids.js';
import { rejectsMediaFrom } from '../../moderation/domain-blocks.js';
import { nowIso } from '../../lib/time.js';
import { hrefOf } from './accounts.js';
import { loaderOptions, type IngestOptions } from './options.js';
import { webLinkOf } from '../../lib/web-link.js';

type MediaType = MediaAttachmentsTable['type'];

/** What an attachment says about itself: the columns of its media row but its ids and owner. */
export interface RemoteMedia {
  remoteUrl: string;
  type: MediaType;
  contentType: string;
  description: string | null;
  width: number | null;
  height: number | null;
  blurhash: string | null;
  focus: { x: number; y: number } | null;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A term of Mastodon's `toot:` vocabulary in a compacted document, however the sender's context names it. */
function tootTerm(json: JsonObject, term: string): unknown {
  return json[term] ?? json[`toot:${term}`] ?? json[`http://joinmastodon.org/ns#${term}`];
}

function typeOf(attachment: APObject, contentType: string): MediaType | null {
  const major = contentType.split('/')[0];
  if (major === 'image' || major === 'video' || major === 'audio') return major;
  if (attachment instanceof Image) return 'image';
  if (attachment instanceof Video) return 'video';
  if (attachment instanceof Audio) return 'audio';
  return null;
}

/** A focal point within Mastodon's bounds (-1…1 both ways), or none. */
function focusOf(value: unknown): { x: number; y: number } | null {
  const list = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value['@list'])
      ? value['@list']
      : null;
  const [x, y] = (list ?? []).map(Number);
  if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { x: Math.max(-1, Math.min(1, x)), y: Math.max(-1, Math.min(1, y)) };
}

const positiveInt = (value: number | null): number | null =>
  value !== null && Number.isInteger(value) && value > 0 ? value : null;

/**
 * The media of a remote object (Document, Image, Video, Audio attachments with an http(s) URL), at most as many
 * as a post may carry. `blurhash` and `focalPoint` are Mastodon extensions the vocabulary does not model: they
 * are read from the object's document as it arrived.
 */
export async function remoteMediaOf(object: APObject, options: IngestOptions): Promise<RemoteMedia[]> {
  // without a format, vocab answers with the document as it arrived (any other format re-serializes it, losing
  // the terms it does not model)
  const document = (await object.toJsonLd(
    options.contextLoader ? { contextLoader: options.contextLoader } : {},
  )) as JsonObject;
  const rawAttachments = [document.attachment ?? []].flat().filter(isObject);
  const extensionsFor = (url: string) =>
    rawAttachments.find((raw) => raw.url === url || (isObject(raw.url) && raw.url.href === url)) ?? {};

  const media: RemoteMedia[] = [];
  for await (const attachment of object.getAttachments(loaderOptions(options))) {
    if (!('mediaType' in attachment) || !('url' in attachment)) continue;
    const remoteUrl = webLinkOf(hrefOf(attachment.url));
    if (!remoteUrl) continue;
    const contentType = attachment.mediaType ?? '';
    const type = typeOf(attachment, contentType);
    if (!type) continue;
    const raw = extensionsFor(remoteUrl);
    const blurhash = tootTerm(raw, 'blurhash');
    const width = 'width' in attachment ? positiveInt(attachment.width as number | null) : null;
    const height = 'height' in attachment ? positiveInt(attachment.height as number | null) : null;
    media.push({
      remoteUrl,
      type,
      contentType,
      description: attachment.name?.toString().slice(0, 1500) || null,
      width,
      height,
      blurhash: typeof blurhash === 'string' && blurhash.length <= 100 ? blurhash : null,
      focus: focusOf(tootTerm(raw, 'focalPoint')),
    });
    if (media.length === STATUS_MAX_MEDIA_ATTACHMENTS) break;
  }
  return media;
}

/** The media row of a remote attachment (no local file until cached), owned by a status or a chat message. */
export function remoteMediaRow(
  item: RemoteMedia,
  accountId: string,
  owner: Pick<MediaAttachmentsTable, 'status_id' | 'message_id'>,
): MediaAttachmentsTable {
  return {
    id: newId(),
    account_id: accountId,
    type: item.type,
    file_path: null,
    thumbnail_path: null,
    remote_url: item.remoteUrl,
    content_type: item.contentType,
    file_size: 0,
    width: item.width,
    height: item.height,
    blurhash: item.blurhash,
    description: item.description,
    focus_x: item.focus?.x ?? null,
    focus_y: item.focus?.y ?? null,
    ...owner,
    created_at: nowIso(),
    duration: null,
    preview_width: null,
    preview_height: null,
  };
}

/**
 * The status's media become `media` (rows pointing at their remote URL, no local file until cached). Rows an
 * edit replaces stay with the status, out of its attachments, for its edit history (they go with the status).
 */
export async function replaceRemoteMedia(
  tx: Tx,
  statusId: string,
  accountId: string,
  media: readonly RemoteMedia[],
): Promise<string[]> {
  await tx.deleteFrom('status_media').where('status_id', '=', statusId).execute();
  const ids: string[] = [];
  for (const [position, item] of media.entries()) {
    const row = remoteMediaRow(item, accountId, { status_id: statusId, message_id: null });
    await tx.insertInto('media_attachments').values(row).execute();
    await tx.insertInto('status_media').values({ status_id: statusId, media_id: row.id, position }).execute();
    ids.push(row.id);
  }
  return ids;
}

/**
 * A server whose media the admin rejects keeps its files: its attachments are stored as Mastodon stores them,
 * of type `unknown` (shown as a link to the remote file), and never downloaded.
 */
export async function unlessMediaRejected(
  db: DbOrTx,
  domain: string | null,
  media: RemoteMedia[],
): Promise<RemoteMedia[]> {
  if (media.length === 0 || !(await rejectsMediaFrom(db, domain))) return media;
  return media.map((item) => ({ ...item, type: 'unknown' }));
}

/** Whether the stored media already are `media` (an Update that changes no attachment keeps them). */
export async function sameRemoteMedia(
  db: DbOrTx,
  statusId: string,
  media: readonly RemoteMedia[],
): Promise<boolean> {
  const stored = await db
    .selectFrom('status_media')
    .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
    .select(['media_attachments.remote_url', 'media_attachments.description'])
    .where('status_media.status_id', '=', statusId)
    .orderBy('status_media.position', 'asc')
    .execute();
  return (
    stored.length === media.length &&
    stored.every(
      (row, index) =>
        row.remote_url === media[index]?.remoteUrl && row.description === media[index]?.description,
    )
  );
}
