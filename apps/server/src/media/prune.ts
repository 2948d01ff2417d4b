import type { Db } from '../db/index.js';
import { isoDaysAgo } from '../lib/time.js';
import type { MediaStorage } from './storage.js';
import { clearProfileImages, staleRemoteProfileImages } from '../accounts/store.js';
import { hasLocalBoostOfColumn } from '../statuses/store.js';

/**
 * `npm run admin -- media remove` (Mastodon's `tootctl media remove`): the copies of other servers' media
 * older than some days leave the media store, and their rows go back to pointing at the remote files, so the
 * API shows the originals and a later view asks for a copy again. Kept: what local people's posts need (remote
 * posts a local account boosted or bookmarked) and chat messages' media. With `profiles`, also the avatars
 * and headers of remote accounts nobody here follows, not updated for as many days.
 */
export interface PruneOptions {
  days: number;
  profiles: boolean;
  /** count what would go, change nothing */
  dryRun: boolean;
}

export interface PruneReport {
  attachments: number;
  /** bytes of the attachments' files (their previews not counted) */
  attachmentBytes: number;
  /** accounts whose avatar or header went */
  accounts: number;
  files: number;
}

const BATCH = 500;

/**
 * Goes through the rows `page(after)` selects (by id, BATCH at a time, after the id `after`): `reset` points
 * them back at their remote files (unless a dry run), then their stored files go; counted in `report.files`.
 */
async function inBatches<Row extends { id: string }>(
  storage: MediaStorage,
  report: PruneReport,
  dryRun: boolean,
  batch: {
    page: (after: string) => Promise<Row[]>;
    keysOf: (row: Row) => (string | null)[];
    reset: (ids: string[]) => Promise<unknown>;
    count: (row: Row) => void;
  },
): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await batch.page(after);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    if (!dryRun) await batch.reset(rows.map((row) => row.id));
    for (const row of rows) {
      batch.count(row);
      for (const key of batch.keysOf(row)) {
        if (!key) continue;
        report.files += 1;
        if (!dryRun) await storage.remove(key);
      }
    }
  }
}

async function pruneAttachments(
  db: Db,
  storage: MediaStorage,
  cutoff: string,
  report: PruneReport,
  dryRun: boolean,
): Promise<void> {
  await inBatches(storage, report, dryRun, {
    page: (after) =>
      db
        .selectFrom('media_attachments')
        .select(['id', 'file_path', 'thumbnail_path', 'file_size'])
        .where('remote_url', 'is not', null)
        .where('file_path', 'is not', null)
        .where('created_at', '<', cutoff)
        .where('message_id', 'is', null)
        .where('id', '>', after)
        // kept while a local account's boost or bookmark shows it
        .where((eb) => eb.not(hasLocalBoostOfColumn('media_attachments.status_id')))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bookmarks')
                .innerJoin('accounts', 'accounts.id', 'bookmarks.account_id')
                .select('bookmarks.id')
                .whereRef('bookmarks.status_id', '=', 'media_attachments.status_id')
                .where('accounts.domain', 'is', null),
            ),
          ),
        )
        .orderBy('id')
        .limit(BATCH)
        .execute(),
    keysOf: (row) => [row.file_path, row.thumbnail_path],
    reset: (ids) =>
      db
        .updateTable('media_attachments')
        .set({
          file_path: null,
          thumbnail_path: null,
          file_size: 0,
          preview_width: null,
          preview_height: null,
          remote_cache_requested_at: null,
        })
        .where('id', 'in', ids)
        .execute(),
    count: (row) => {
      report.attachments += 1;
      report.attachmentBytes += row.file_size;
    },
  });
}

async function pruneProfileImages(
  db: Db,
  storage: MediaStorage,
  cutoff: string,
  report: PruneReport,
  dryRun: boolean,
): Promise<void> {
  await inBatches(storage, report, dryRun, {
    page: (after) => staleRemoteProfileImages(db, cutoff, after, BATCH),
    keysOf: (row) => [row.avatar_path, row.header_path],
    reset: (ids) => clearProfileImages(db, ids),
    count: () => {
      report.accounts += 1;
    },
  });
}

export async function pruneRemoteMedia(
  db: Db,
  storage: MediaStorage,
  options: PruneOptions,
): Promise<PruneReport> {
  const report: PruneReport = { attachments: 0, attachmentBytes: 0, accounts: 0, files: 0 };
  const cutoff = isoDaysAgo(options.days);
  await pruneAttachments(db, storage, cutoff, report, options.dryRun);
  if (options.profiles) await pruneProfileImages(db, storage, cutoff, report, options.dryRun);
  return report;
}
