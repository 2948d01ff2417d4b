import type { Db } from '../db/index.js';
import { pruneRemoteMedia } from '../media/prune.js';
import type { MediaStorage } from '../media/storage.js';

export const MEDIA_USAGE = `  media remove [--days N] [--prune-profiles] [--dry-run]
                               remove the copies of other servers' media older than N days (default 7),
                               keeping those local posts boost or bookmark and chats' media; with
                               --prune-profiles also the avatars and headers of remote accounts nobody here
                               follows; the API then shows the originals until they are fetched again`;

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

/** `media remove`: prunes cached remote media (media/prune.ts). */
export async function runMediaCommand(
  db: Db,
  storage: MediaStorage | undefined,
  args: string[],
  output: { out(line: string): void },
): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'remove') throw new MediaUsageError('Expected: media remove [options]');
  const options = optionsOf(rest);
  if (!storage) throw new MediaUsageError('media remove needs the media store');
  const report = await pruneRemoteMedia(db, storage, options);
  const verb = options.dryRun ? 'Would remove' : 'Removed';
  output.out(
    `${verb} ${report.files} files: ${report.attachments} remote attachments (${megabytes(report.attachmentBytes)})` +
      (options.profiles ? ` and the avatars and headers of ${report.accounts} remote accounts` : ''),
  );
}
