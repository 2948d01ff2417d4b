import fs from 'node:fs/promises';
import path from 'node:path';
import { E2EE_MEDIA_FOLDER } from '../e2ee/media-paths.js';
import { HEAD_BYTES } from '../http/temp-upload.js';
import { checkMediaKey } from './keys.js';
import type { S3MediaStorage } from './s3-storage.js';
import { sniffMediaType } from './sniff.js';

/**
 * `npm run admin -- media migrate-to-s3`: every file of the local media folder goes to the bucket under the same
 * key (the key is the file's path in the folder), so the rows, which keep keys, and the URLs built from them
 * stay right. A file the bucket already holds with the same size is not sent again: a run stopped halfway is
 * simply run again. With `deleteLocal`, each local file is removed once the bucket has it.
 */
export interface MigrateOptions {
  deleteLocal: boolean;
}

export interface MigrateReport {
  /** files in the local folder */
  found: number;
  uploaded: number;
  uploadedBytes: number;
  /** already in the bucket with the same size (an earlier run) */
  alreadyThere: number;
  deletedLocal: number;
  /** `key: reason` of each file that could not be copied */
  failed: string[];
}

/** Files sent to the bucket at a time. */
const PARALLEL = 4;

async function keysUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file);
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The type a file was stored with: encrypted files are opaque, the others are what their bytes say. */
async function contentTypeOf(key: string, file: string): Promise<string> {
  if (key.startsWith(`${E2EE_MEDIA_FOLDER}/`)) return 'application/octet-stream';
  return sniffMediaType(await headOf(file))?.contentType ?? 'application/octet-stream';
}

async function migrateFile(
  bucket: S3MediaStorage,
  root: string,
  key: string,
  options: MigrateOptions,
  report: MigrateReport,
): Promise<void> {
  const file = path.join(root, ...checkMediaKey(key).split('/'));
  const { size } = await fs.stat(file);
  const stored = await bucket.head(key);
  if (stored?.size === size) report.alreadyThere += 1;
  else {
    await bucket.putFile(key, file, await contentTypeOf(key, file));
    report.uploaded += 1;
    report.uploadedBytes += size;
  }
  if (options.deleteLocal) {
    await fs.rm(file);
    report.deletedLocal += 1;
  }
}

export async function migrateToBucket(
  root: string,
  bucket: S3MediaStorage,
  options: MigrateOptions,
): Promise<MigrateReport> {
  const keys = await keysUnder(root);
  const report: MigrateReport = {
    found: keys.length,
    uploaded: 0,
    uploadedBytes: 0,
    alreadyThere: 0,
    deletedLocal: 0,
    failed: [],
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await migrateFile(bucket, root, key, options, report);
      } catch (error) {
        report.failed.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return report;
}
