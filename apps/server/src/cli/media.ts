import type { Db } from '../db/index.js';
import { migrateToBucket } from '../media/migrate.js';
import { pruneRemoteMedia } from '../media/prune.js';
import { S3MediaStorage } from '../media/s3-storage.js';
import type { MediaStorage } from '../media/storage.js';

export const MEDIA_USAGE = `  media remove [--days N] [--prune-profiles] [--dry-run]
                               remove the copies of other servers' media older than N days (default 7),
                               keeping those local posts boost or bookmark and chats' media; with
                               --prune-profiles also the avatars and headers of remote accounts nobody here
                               follows; the API then shows the originals until they are fetched again
  media migrate-to-s3 [--delete-local]
                               copy every file of MEDIA_DIR to the bucket (MEDIA_STORAGE=s3 and the S3_*
                               variables), skipping those already there: run it again to resume; with
                               --delete-local, each local file is removed once the bucket has it`;

/** A mistake in how a media command was typed. */
export class MediaUsageError extends Error {}

const DEFAULT_DAYS = 7;

function optionsOf(args: string[]) {
  const options = { days: DEFAULT_DAYS, profiles: false, dryRun: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--prune-profiles') options.profiles = true;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--days') {
      const value = args[(index += 1)] ?? '';
      if (!/^\d+$/.test(value))
        throw new MediaUsageError(`--days needs a whole number of days, got "${value}"`);
      options.days = Number(value);
    } else throw new MediaUsageError(`Unknown option "${arg}"`);
  }
  return options;
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** What the media commands work on: the configured store, and MEDIA_DIR (the local folder). */
export interface MediaCommandContext {
  storage?: MediaStorage | undefined;
  mediaDir?: string | undefined;
}

type Output = { out(line: string): void };

/** `media remove`: prunes cached remote media (media/prune.ts). */
async function remove(db: Db, storage: MediaStorage | undefined, args: string[], output: Output) {
  const options = optionsOf(args);
  if (!storage) throw new MediaUsageError('media remove needs the media store');
  const report = await pruneRemoteMedia(db, storage, options);
  const verb = options.dryRun ? 'Would remove' : 'Removed';
  output.out(
    `${verb} ${report.files} files: ${report.attachments} remote attachments (${megabytes(report.attachmentBytes)})` +
      (options.profiles ? ` and the avatars and headers of ${report.accounts} remote accounts` : ''),
  );
}

/** A copy that failed for some files: the report is printed, and the command exits with 1. */
export class MigrationIncomplete extends Error {}

/** `media migrate-to-s3`: MEDIA_DIR's files into the bucket (media/migrate.ts). */
async function migrate(media: MediaCommandContext, args: string[], output: Output) {
  const unknown = args.find((arg) => arg !== '--delete-local');
  if (unknown) throw new MediaUsageError(`Unknown option "${unknown}"`);
  const { storage, mediaDir } = media;
  if (!(storage instanceof S3MediaStorage) || !mediaDir)
    throw new MediaUsageError(
      'media migrate-to-s3 needs MEDIA_STORAGE=s3 with the S3_* variables, and MEDIA_DIR',
    );
  const report = await migrateToBucket(mediaDir, storage, { deleteLocal: args.includes('--delete-local') });
  output.out(
    `${report.found} files in ${mediaDir}: ${report.uploaded} copied to bucket ${storage.bucket} ` +
      `(${megabytes(report.uploadedBytes)}), ${report.alreadyThere} already there, ` +
      `${report.deletedLocal} local files removed, ${report.failed.length} failed`,
  );
  for (const failure of report.failed) output.out(`  failed: ${failure}`);
  if (report.failed.length > 0)
    throw new MigrationIncomplete(`${report.failed.length} files were not copied: run the command again`);
}

export async function runMediaCommand(
  db: Db,
  media: MediaCommandContext,
  args: string[],
  output: Output,
): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'remove') return remove(db, media.storage, rest, output);
  if (action === 'migrate-to-s3') return migrate(media, rest, output);
  throw new MediaUsageError('Expected: media remove [options] or media migrate-to-s3 [--delete-local]');
}
